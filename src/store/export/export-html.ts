// /export --html: the session as one self-contained page — its style inline, no script, nothing
// fetched. Each tool call is a collapsible card (<details class="card">) with its input and its
// output (a command's screen in its colours), an edit's diff coloured by line, thinking folded.
import type { TranscriptItem } from '../transcript.js';
import { cardText } from './card-text.js';
import { escapeHtml, sgrToHtml } from './sgr-html.js';

const STYLE = `
:root { --bg: #1e1e1e; --fg: #d4d4d4; }
body { background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em; }
pre { font: 13px/1.4 ui-monospace, monospace; background: #111; padding: .6em; overflow-x: auto; white-space: pre-wrap; }
.user { border-left: 3px solid #3b8eea; padding-left: .8em; white-space: pre-wrap; }
.answer { white-space: pre-wrap; }
.notice { color: #999; font-style: italic; white-space: pre-wrap; }
details { margin: .6em 0; border: 1px solid #333; border-radius: 4px; padding: .2em .6em; }
summary { cursor: pointer; }
.error > summary { color: #f14c4c; }
.add { color: #23d18b; } .del { color: #f14c4c; } .hunk { color: #29b8db; }
.label { color: #888; font-size: 12px; }
`;

function diffHtml(diff: string): string {
  return diff
    .split('\n')
    .map((l) => {
      const cls = l.startsWith('+') && !l.startsWith('+++') ? 'add' : l.startsWith('-') && !l.startsWith('---') ? 'del' : l.startsWith('@@') ? 'hunk' : '';
      return cls ? `<span class="${cls}">${escapeHtml(l)}</span>` : escapeHtml(l);
    })
    .join('\n');
}

function card(item: Extract<TranscriptItem, { kind: 'tool' }>): string {
  const c = cardText(item);
  const parts = [
    `<summary>${escapeHtml(c.title)} <span class="label">${escapeHtml(c.status)}</span></summary>`,
    `<div class="label">input</div><pre class="input">${escapeHtml(c.input)}</pre>`,
  ];
  if (c.diff) parts.push(`<div class="label">diff</div><pre class="diff">${diffHtml(c.diff)}</pre>`);
  const output = c.terminal ? c.output.map(sgrToHtml).join('\n') : escapeHtml(c.output.join('\n'));
  parts.push(`<div class="label">output</div><pre class="output">${output}</pre>`);
  return `<details class="card${c.status === 'error' ? ' error' : ''}">${parts.join('')}</details>`;
}

export function sessionHtml(items: readonly TranscriptItem[], title: string): string {
  const body: string[] = [];
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        body.push(`<h2>You</h2><div class="user">${escapeHtml(String(item.text))}</div>`);
        break;
      case 'assistant':
        body.push(`<div class="answer">${escapeHtml(String(item.text))}</div>`);
        break;
      case 'thinking':
        body.push(`<details class="thinking"><summary>thinking</summary><pre>${escapeHtml(String(item.text))}</pre></details>`);
        break;
      case 'tool':
        body.push(card(item));
        break;
      case 'notice':
      case 'compaction':
        body.push(`<p class="notice">${escapeHtml(String(item.text))}</p>`);
        break;
    }
  }
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}
