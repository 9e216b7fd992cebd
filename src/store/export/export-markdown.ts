// /export: the session as markdown — prompts, answers as the model wrote them, thinking folded,
// each tool call with its input and output in fences, notices as quotes.
import type { TranscriptItem } from '../transcript.js';
import { cardText } from './card-text.js';

const stripSgr = (row: string) => row.replace(/\x1b\[[0-9;:]*m/g, '');

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

export function sessionMarkdown(items: readonly TranscriptItem[], title: string): string {
  const out = [`# ${title}`];
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        out.push(`## You\n\n${item.text}`);
        break;
      case 'assistant':
        out.push(String(item.text));
        break;
      case 'thinking':
        out.push(`<details><summary>thinking</summary>\n\n${item.text}\n\n</details>`);
        break;
      case 'tool': {
        const c = cardText(item);
        const parts = [`### ${c.title.replace(/\n/g, ' ')} — ${c.status}`, `input:\n\n${fenced(c.input, 'json')}`];
        if (c.diff) parts.push(fenced(c.diff, 'diff'));
        if (c.output.length > 0) parts.push(`output:\n\n${fenced(c.output.map(stripSgr).join('\n'))}`);
        out.push(parts.join('\n\n'));
        break;
      }
      case 'notice':
      case 'compaction':
        out.push(String(item.text).split('\n').map((l) => `> ${l}`).join('\n'));
        break;
    }
  }
  return `${out.join('\n\n')}\n`;
}
