// The model's answer: streams in as plain text and renders as markdown block by block once
// each block is complete (the block still streaming stays plain so it never jumps around).
import type { AssistantItem } from '../src/store/transcript.js';
import { markdownLines } from './markdown-lines.js';
import { forgetStreaming, streamingMarkdownLines } from './streaming-markdown.js';

const INDENT = '  ';

export function assistantLines(item: AssistantItem, width: number): string[] {
  const inner = Math.max(1, width - INDENT.length);
  let lines: string[];
  if (item.streaming) lines = streamingMarkdownLines(item.id, item.text, inner);
  else {
    forgetStreaming(item.id);
    lines = markdownLines(item.text, inner);
  }
  return lines.map((l) => INDENT + l);
}
