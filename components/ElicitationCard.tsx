// An MCP server's form (elicitation): its message, each field with its value (defaults filled in),
// the focused one editable; Enter sends, Esc declines. Values shown are the server's and the
// person's text, laid out as SafeText.
import React from 'react';
import { Box } from 'ink';
import type { ElicitationForm } from '../src/store/elicitation-state.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { fitLine, paint, wrapWithPrefix } from './text-layout.js';

function shown(form: ElicitationForm, i: number): string {
  const field = form.fields[i]!;
  if (i === form.focus && field.kind !== 'choice' && field.kind !== 'boolean') return `${form.typed}▏`;
  const v = form.values[field.name];
  if (v === undefined) return paint.dim('(empty)');
  if (field.kind === 'choice') return field.options?.find((o) => o.value === v)?.label ?? String(v);
  if (Array.isArray(v)) return v.map((x) => field.options?.find((o) => o.value === x)?.label ?? x).join(', ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

function hint(form: ElicitationForm, i: number): string {
  const f = form.fields[i]!;
  const range = f.minimum !== undefined || f.maximum !== undefined ? ` ${f.minimum ?? ''}…${f.maximum ?? ''}` : '';
  switch (f.kind) {
    case 'boolean': return 'space: yes/no';
    case 'choice': return `←/→: ${f.options?.map((o) => o.label).join(' | ')}`;
    case 'multi': return `comma-separated: ${f.options?.map((o) => o.label).join(', ')}`;
    case 'number':
    case 'integer': return `${f.kind}${range}`;
    default: return f.format ?? '';
  }
}

export function elicitationLines(form: ElicitationForm | undefined, waiting: number, width: number): string[] {
  if (!form) return [];
  const out = [paint.bold(fitLine(` ${form.server} asks${waiting > 0 ? ` (${waiting} more after this)` : ''}`, width)), ''];
  out.push(...wrapWithPrefix(form.message, width, '  '));
  out.push('');
  form.fields.forEach((f, i) => {
    const focused = i === form.focus;
    const mark = focused ? paint.accent('▌ ') : '  ';
    out.push(fitLine(`${mark}${paint.bold(`${f.title}${f.required ? ' *' : ''}`)}: ${shown(form, i)}`, width));
    const more = [f.description, hint(form, i)].filter(Boolean).join(' · ');
    if (focused && more) out.push(...wrapWithPrefix(more, width, '    ').map((l) => paint.dim(l)));
  });
  out.push('');
  if (form.problem) out.push(paint.error(fitLine(`  ${form.problem}`, width)));
  out.push(paint.dim(fitLine('  ↑/↓ field · Enter send · Esc decline · Ctrl+C cancel · * required', width)));
  return out;
}

export function ElicitationCard({ height, width }: { height: number; width: number }) {
  const forms = useApp((s) => s.forms);
  const lines = elicitationLines(forms[0], forms.length - 1, width);
  const focusRow = Math.max(0, lines.findIndex((l) => l.includes('▌')));
  // The server's name and message stay on top until the focused field would leave the view.
  const top = lines.length > height ? Math.max(0, Math.min(focusRow + 3 - height, lines.length - height)) : 0;
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={lines.slice(top, top + height)} />
    </Box>
  );
}
