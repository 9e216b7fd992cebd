// The tool renderers, looked up by the call's `details.kind` (or, before its first details
// arrive, by the core tool's name); every other call gets the generic renderer.
import type { ToolItem } from '../../src/store/transcript.js';
import { bashRenderer } from './bash-pane-lines.js';
import { editFileRenderer } from './edit-file.js';
import { genericRenderer } from './generic.js';
import { grepSearchRenderer } from './grep-search.js';
import { listFilesRenderer } from './list-files.js';
import { readFileRenderer } from './read-file.js';
import { skillRenderer } from './skill.js';
import { taskRenderer } from './task.js';
import { exitPlanModeRenderer, updatePlanRenderer } from './plan.js';
import type { ToolLook, ToolRenderer } from './tool-renderer.js';
import { webFetchRenderer } from './web-fetch.js';
import { webSearchRenderer } from './web-search.js';
import { writeFileRenderer } from './write-file.js';

const RENDERERS: readonly ToolRenderer[] = [readFileRenderer, writeFileRenderer, editFileRenderer, listFilesRenderer, grepSearchRenderer, bashRenderer, skillRenderer, webFetchRenderer, webSearchRenderer, taskRenderer, updatePlanRenderer, exitPlanModeRenderer];
const byKind = new Map(RENDERERS.map((r) => [r.kind, r]));
const byTool = new Map(RENDERERS.flatMap((r) => r.tools.map((t) => [t, r] as const)));

export function rendererFor(item: ToolItem): ToolRenderer {
  const kind = item.details?.kind;
  return (kind !== undefined ? byKind.get(kind) : undefined) ?? byTool.get(item.name) ?? genericRenderer;
}

/** A tool call's card in the transcript. */
export function toolCardLines(item: ToolItem, width: number, frame: number, now: number, look: ToolLook = {}): string[] {
  return rendererFor(item).cardLines(item, width, frame, now, look);
}
