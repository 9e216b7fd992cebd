// The system prompt's list of skills the model may start (name, description, location), kept
// under a budget: descriptions are shortened first, then the last skills are left out.
import type { Skill } from './discover-skills.js';

/** The budget when the model's window is unknown. */
export const CATALOG_FALLBACK_CHARS = 8_000;
/** Share of the context window the catalog may take (about 4 characters a token). */
export const CATALOG_WINDOW_SHARE = 0.02;

export function catalogBudget(windowTokens: number | undefined): number {
  return windowTokens ? Math.floor(windowTokens * CATALOG_WINDOW_SHARE * 4) : CATALOG_FALLBACK_CHARS;
}

const HEAD = [
  'Skills: folders of instructions and files for particular tasks. When a task matches a skill below,',
  'call the skill tool with its name before starting, then follow what it returns.',
].join('\n');

/** The model-invocable skills; skills with disable-model-invocation are the person's alone. */
export function catalogSkills(skills: readonly Skill[]): Skill[] {
  return skills.filter((s) => !s.disableModelInvocation);
}

/** The catalog text, or undefined when no skill is there to list. */
export function skillCatalog(skills: readonly Skill[], budgetChars: number, displayPath: (file: string) => string): string | undefined {
  const listed = catalogSkills(skills);
  if (listed.length === 0) return undefined;
  const describe = (s: Skill) => [s.description, s.whenToUse].filter(Boolean).join(' ');
  const entry = (s: Skill, max: number) => {
    const d = describe(s);
    const text = d.length <= max ? d : max > 1 ? `${d.slice(0, max - 1).trimEnd()}…` : '';
    return `- ${s.name}${text ? `: ${text}` : ''} (${displayPath(s.file)})`;
  };
  const compose = (max: number, count: number) => {
    const lines = listed.slice(0, count).map((s) => entry(s, max));
    const left = listed.length - count;
    return [HEAD, ...lines, ...(left > 0 ? [`(${left} more skill${left === 1 ? '' : 's'} not listed)`] : [])].join('\n');
  };
  const longest = Math.max(...listed.map((s) => describe(s).length));
  for (const max of [longest, 250, 120, 60, 0]) {
    const text = compose(max, listed.length);
    if (text.length <= budgetChars) return text;
  }
  for (let count = listed.length - 1; count > 0; count--) {
    const text = compose(0, count);
    if (text.length <= budgetChars) return text;
  }
  return undefined;
}
