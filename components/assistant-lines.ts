// The model's answer: streams in as plain text and renders as markdown block by block once
// each block is complete (the block still streaming stays plain so it never jumps around).
import type { AssistantItem } from '../src/store/transcript.js';
import { wrapText } from './text-layout.js';
import { lexMarkdown, markdownLines } from './markdown-lines.js';

const INDENT = '  ';

export function assistantLines(item: AssistantItem, width: number): string[] {
  const inner = Math.max(1, width - INDENT.length);
  let lines: string[];
  if (!item.streaming) lines = markdownLines(item.text, inner);
  else {
    const tokens = lexMarkdown(item.text);
    if (!tokens || tokens.length < 2) lines = wrapText(item.text, inner);
    else {
      // Everything but the last block is complete: render it; the tail stays plain.
      const last = tokens[tokens.length - 1]!;
      const cut = item.text.length - last.raw.length;
      const done = item.text.slice(0, cut);
      const tail = item.text.slice(cut).replace(/^\n+/, '');
      lines = [...markdownLines(done, inner), ...(tail ? ['', ...wrapText(tail, inner)] : [])];
    }
  }
  return lines.map((l) => INDENT + l);
}
