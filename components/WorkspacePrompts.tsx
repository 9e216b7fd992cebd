// The prompts about the workspace that sit under the transcript: the trust question (once, after
// the first frame, when the workspace's files would set what only a trusted workspace may) and
// the choice of file for a `#` line. Rows are computed here; keys are in src/keys/workspace-keys.ts.
import React from 'react';
import { Box } from 'ink';
import type { RememberPromptState, TrustPromptState } from '../src/store/workspace-state.js';
import { KEYMAP, keyLabel, type KeyContext } from '../src/keys/keymap.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { Lines } from './Lines.js';
import { fitLine, paint, wrapWithPrefix } from './text-layout.js';
import { useApp } from './store-context.js';

const MAX_LISTED = 6;

/** "y trust the workspace… · n, Esc not now…" from the key map. */
function keyHints(ctx: KeyContext, only?: readonly string[]): string {
  return KEYMAP[ctx]
    .filter((b) => !only || only.includes(b.action))
    .map((b) => `${paint.accent(b.keys.map(keyLabel).join('/'))} ${b.help}`)
    .join(paint.dim(' · '));
}

export function trustPromptLines(q: TrustPromptState, width: number): string[] {
  const bar = paint.warn('│ ');
  const row = (text: string) => wrapWithPrefix(text, width, bar, bar);
  const out = [fitLine(paint.warn(`╭─ ${paint.bold('Trust this workspace?')} `) + paint.warn('─'.repeat(Math.max(0, width - 26))), width)];
  out.push(...row(`${toSafeText(q.workspaceRoot)} has settings that apply only once you trust it:`));
  for (const item of q.wouldSet.slice(0, MAX_LISTED)) {
    out.push(...row(`  ${paint.bold(toSafeText(item.key))} = ${toSafeText(item.value)} ${paint.dim(`(${toSafeText(item.file)})`)} — ${item.why}`));
  }
  if (q.wouldSet.length > MAX_LISTED) out.push(...row(paint.dim(`  … and ${q.wouldSet.length - MAX_LISTED} more`)));
  out.push(...row('Until you do, its files may only tighten what inkling may do.'));
  out.push(...row(keyHints('trust')));
  return out;
}

export function rememberPromptLines(r: RememberPromptState, width: number): string[] {
  const bar = paint.accent('│ ');
  const row = (text: string) => wrapWithPrefix(text, width, bar, bar);
  const out = [...row(`Save ${paint.bold(toSafeText(r.line))} to:`)];
  r.targets.forEach((t, i) => {
    const label = `${i + 1} ${t.label}${t.exists ? '' : paint.dim(' — new file')}`;
    out.push(fitLine(bar + (i === r.selected ? paint.inverse(` ${label} `) : ` ${label} `), width));
  });
  out.push(...row(keyHints('remember', ['save', 'cancel'])));
  return out;
}

/** Rows the prompt under the transcript takes now (0 when none is open). */
export function workspacePromptRows(state: { mode: string; workspace: { trust: TrustPromptState | null; remember: RememberPromptState | null } }, width: number): number {
  if (state.mode === 'trust' && state.workspace.trust) return trustPromptLines(state.workspace.trust, width).length;
  if (state.mode === 'remember' && state.workspace.remember) return rememberPromptLines(state.workspace.remember, width).length;
  return 0;
}

export function WorkspacePrompt({ width }: { width: number }) {
  const mode = useApp((s) => s.mode);
  const trust = useApp((s) => s.workspace.trust);
  const remember = useApp((s) => s.workspace.remember);
  const lines =
    mode === 'trust' && trust ? trustPromptLines(trust, width) : mode === 'remember' && remember ? rememberPromptLines(remember, width) : [];
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column">
      <Lines lines={lines} />
    </Box>
  );
}
