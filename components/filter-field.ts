// A picker's filter row ("filter: pars▌"): the store's text with an inverse cell at the cursor,
// or a dim placeholder while it is empty. The key pipeline edits it (src/keys/filter-line.ts).
import { toSafeText } from '../src/core/text/safe-text.js';
import { filterLine } from '../src/keys/filter-line.js';
import { fitLine, paint } from './text-layout.js';

export function filterFieldLine(label: string, p: { filter: string; filterCursor?: number }, placeholder: string, focused: boolean, width: number): string {
  const { text, cursor } = filterLine(p);
  if (text === '') return fitLine(`${label}${focused ? paint.inverse(placeholder[0] ?? ' ') + paint.dim(placeholder.slice(1)) : paint.dim(placeholder)}`, width);
  if (!focused) return fitLine(label + toSafeText(text), width);
  const chars = [...text];
  const at = [...text.slice(0, cursor)].length;
  const field = `${toSafeText(chars.slice(0, at).join(''))}${paint.inverse(toSafeText(chars[at] ?? ' '))}${toSafeText(chars.slice(at + 1).join(''))}`;
  return fitLine(label + field, width);
}
