// What an exported card says, the same in markdown and HTML: its title line, its input as the
// model sent it, its output as the person saw it (a command's screen, else the result) and, for
// an edit, its diff.
import type { ToolItem } from '../transcript.js';

export interface CardText {
  title: string;
  input: string;
  /** Rows of output; a command's keep their SGR colours. */
  output: string[];
  /** A command's rows are its terminal's, with colours. */
  terminal: boolean;
  diff?: string;
  status: string;
}

function field(input: unknown, ...names: string[]): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  for (const n of names) {
    const v = (input as Record<string, unknown>)[n];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

export function cardText(item: ToolItem): CardText {
  const detail = field(item.input, 'command', 'path', 'file_path', 'pattern', 'url', 'query');
  const title = detail ? `${item.name} ${detail.split('\n')[0]}` : String(item.name);
  const input = JSON.stringify(item.input, null, 2);
  const d = item.details;
  const status = item.result?.isError ? 'error' : item.status;
  if (d?.kind === 'bash') {
    const exit = d.exitCode !== null ? ` (exit ${d.exitCode})` : '';
    return { title, input, output: [...d.snapshot.lines], terminal: true, status: `${status}${exit}` };
  }
  const diff = d?.kind === 'edit' ? String(d.diff) : item.changes?.diff?.state === 'ready' ? String(item.changes.diff.text) : undefined;
  return { title, input, output: item.result ? String(item.result.content).split('\n') : [], terminal: false, status, ...(diff ? { diff } : {}) };
}
