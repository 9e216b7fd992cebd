// Splits a --allowed-tools value on commas outside parentheses, without loading the rule parser
// (the flags are read before the first frame):
// "bash(git diff:*),edit(src/**)" → ["bash(git diff:*)", "edit(src/**)"]; "bash(a, b)" stays whole.
export function splitRuleList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}
