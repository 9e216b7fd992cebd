// A command's program asks for a secret (askpass bridge): the prompt, who asks, the command and
// its folder, and a masked field (one • per character typed; the text itself is never drawn).
// A yes/no question (ssh's host key) shows its text and y/n instead.
import React from 'react';
import { Box } from 'ink';
import type { SecretPrompt } from '../src/store/secret-state.js';
import { keyOf } from './status-hints.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { fitLine, paint, wrapWithPrefix } from './text-layout.js';

export function secretLines(prompt: SecretPrompt | undefined, waiting: number, width: number): string[] {
  if (!prompt) return [];
  const whose = prompt.agent ? ` of the ${prompt.agent} agent` : '';
  const title = prompt.kind === 'confirm' ? ` A command${whose} asks a yes/no question` : ` A command${whose} asks for a secret`;
  const out = [paint.bold(fitLine(`${title}${waiting > 0 ? ` (${waiting} more after this)` : ''}`, width)), ''];
  out.push(...wrapWithPrefix(`asked by ${prompt.asker}`, width, '  ').map((l) => paint.dim(l)));
  if (prompt.warning) out.push(...wrapWithPrefix(`⚠ ${prompt.warning}`, width, '  ').map((l) => paint.warn(l)));
  out.push(...wrapWithPrefix(`command: ${prompt.command}`, width, '  ', '  ').map((l) => paint.dim(l)));
  out.push(paint.dim(fitLine(`  in ${prompt.cwd}`, width)));
  out.push('');
  out.push(...wrapWithPrefix(prompt.prompt, width, '  '));
  if (prompt.kind === 'secret') {
    out.push(fitLine(`${paint.accent('▌ ')}${'•'.repeat([...prompt.typed].length)}▏`, width));
    out.push('');
    out.push(paint.dim(fitLine(`  ${keyOf('secret', 'send')} send · ${keyOf('secret', 'empty')} answer nothing · ${keyOf('secret', 'stop')} stop the turn · never shown to the model or kept`, width)));
  } else {
    out.push('');
    out.push(paint.dim(fitLine(`  ${keyOf('confirm', 'yes')} yes · ${keyOf('confirm', 'no')} no · ${keyOf('confirm', 'stop')} stop the turn`, width)));
  }
  return out;
}

export function SecretCard({ height, width }: { height: number; width: number }) {
  const secrets = useApp((s) => s.secrets);
  const lines = secretLines(secrets[0], secrets.length - 1, width);
  // The field (the last rows) stays in view: a long command is cut from the top.
  const top = Math.max(0, lines.length - height);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={lines.slice(top, top + height)} />
    </Box>
  );
}
