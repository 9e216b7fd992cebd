// A workspace brought from Claude Code, for the start-up scenario's --with-setup: 50 skills (half
// in .claude/skills, half in .agents/skills, some in group folders) and 20 hooks in
// .claude/settings.json. Skills and hooks load after the first frame; this shows they stay there.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURE_SKILLS = 50;
export const FIXTURE_HOOKS = 20;

export function writeSetupFixture(dir: string): void {
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  for (let i = 0; i < FIXTURE_SKILLS; i++) {
    const name = `bench-skill-${i}`;
    const folder = path.join(dir, i % 2 ? '.claude' : '.agents', 'skills', ...(i % 5 === 0 ? ['group'] : []), name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'SKILL.md'), `---\nname: ${name}\ndescription: Benchmark skill ${i}: does one made-up thing when asked for it.\n---\nSteps for ${name}.\n`);
    writeFileSync(path.join(folder, 'reference.md'), `Reference for ${name}.\n`);
  }
  const events = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop'] as const;
  const hooks: Record<string, unknown[]> = {};
  for (let i = 0; i < FIXTURE_HOOKS; i++) {
    const event = events[i % events.length]!;
    (hooks[event] ??= []).push({ matcher: event.endsWith('ToolUse') ? 'Bash|Edit' : undefined, hooks: [{ type: 'command', command: `true # hook ${i}`, timeout: 5 }] });
  }
  mkdirSync(path.join(dir, '.claude'), { recursive: true });
  writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
}
