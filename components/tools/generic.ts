// Any call without a renderer of its own (MCP tools, tools added later): the tool's name, its
// arguments as compact JSON, and its text result; an MCP call's progress while it runs and its
// non-text blocks' summaries.
import type { ToolItem } from '../../src/store/transcript.js';
import { safeJson } from '../../src/core/text/safe-text.js';
import { paint } from '../text-layout.js';
import { compactInput, defineRenderer, indented, resultRows, took } from './card-parts.js';

function firstLine(item: ToolItem): string {
  const first = (item.result?.content ?? '').split('\n')[0] ?? '';
  return first.length > 60 ? `${first.slice(0, 59)}…` : first || took(item);
}

function progress(item: ToolItem): string {
  const p = item.details?.kind === 'mcp' ? item.details.progress : undefined;
  if (!p) return '';
  const of = p.total ? `${p.progress}/${p.total}` : `${p.progress}`;
  return ` · ${of}${p.message ? ` ${p.message}` : ''}`;
}

export const genericRenderer = defineRenderer({
  kind: 'generic',
  tools: [],
  summary: compactInput,
  result: (item) => (item.status === 'error' ? 'error' : firstLine(item)),
  runningNote: progress,
  expandedOutput(item, width) {
    // The model's text already names most blocks ("[image 20×20, image/png]"): list only the others.
    const said = new Set((item.result?.content ?? '').split('\n'));
    const summaries = item.details?.kind === 'mcp' ? (item.details.summaries ?? []).filter((s) => !said.has(s)) : [];
    return [...resultRows(item, width), ...summaries.flatMap((s) => indented(s, width).map(paint.dim))];
  },
  copyableInput: (item) => safeJson(item.input ?? null, 2),
});
