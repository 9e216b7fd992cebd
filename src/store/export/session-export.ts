// /export [file] [--html]: the transcript written as markdown (or one self-contained HTML page)
// to inkling-<session>.md (.html) in the workspace or the given path. The file is the person's
// write, not a tool call: the change ledger sees it as changed outside inkling.
import type { AppStore } from '../app-store.js';
import { flash } from '../view-actions.js';
import { sessionHtml } from './export-html.js';
import { sessionMarkdown } from './export-markdown.js';

export function exportArgs(args: string): { html: boolean; file?: string } {
  const words = args.split(/\s+/).filter(Boolean);
  const html = words.includes('--html');
  const rest = words.filter((w) => w !== '--html').join(' ');
  return { html, ...(rest ? { file: rest } : {}) };
}

export async function exportSession(store: AppStore, args: string): Promise<void> {
  const { html, file } = exportArgs(args);
  const items = store.getState().items;
  if (items.length === 0) return flash(store, 'nothing to export yet');
  const session = store.door.send({ type: 'capabilities' }).currentSession;
  const name = file ?? `inkling-${session ?? 'session'}.${html ? 'html' : 'md'}`;
  const title = `inkling session ${session ?? ''}`.trim();
  try {
    const written = await store.door.send({ type: 'writeExport', file: name, text: html ? sessionHtml(items, title) : sessionMarkdown(items, title) });
    flash(store, `exported to ${written}`);
  } catch (e) {
    flash(store, `not exported: ${(e as Error).message}`);
  }
}
