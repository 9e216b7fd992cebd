// How a ledger entry names a tool call, for cards, pickers and the note to the model:
// the tool's name and the input that says what it touched ("edit_file src/a.ts", "bash sed -i …").

const MAX_LABEL_DETAIL = 80;

export function callLabel(name: string, input: unknown): string {
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const detail = [fields.path, fields.file_path, fields.command].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (!detail) return name;
  const firstLine = detail.trim().split('\n')[0]!;
  const cut = firstLine.length > MAX_LABEL_DETAIL || detail.trim().includes('\n');
  return `${name} ${cut ? `${firstLine.slice(0, MAX_LABEL_DETAIL)}…` : firstLine}`;
}

/** A prompt's first line, shortened for lists. */
export function promptFirstLine(prompt: string, max = 120): string {
  const line = prompt.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
