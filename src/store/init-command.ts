// /init: a normal turn with a fixed prompt that has the model look at the repository and write an
// AGENTS.md at its root. Its reads and its write go through the permission chain like any turn's;
// when it ends, the memory files are read again, so the next request carries what it wrote.
import type { AppStore } from './app-store.js';
import { sessionOf } from './agent-session.js';

export const INIT_PROMPT = [
  'Look at this repository and write an AGENTS.md at its root, for coding agents that will work here.',
  'First read what tells you most: the README, the package or build files, the CI configuration, and a few representative source and test files.',
  'Then write down, briefly and concretely: what the project is; the exact commands to install, build, test (one test too), lint and run it;',
  'how the source folders are laid out; the conventions the code follows; and anything surprising a newcomer would trip over.',
  'Keep it under about 100 lines, and state only what you saw in the files.',
  'If an AGENTS.md exists, improve it rather than start again; if a CLAUDE.md exists, keep what is still true of it.',
].join(' ');

/** `/init [what to stress]`: what follows the name is added to the prompt. */
export function initProject(store: AppStore, args: string): void {
  const prompt = args ? `${INIT_PROMPT}\n\nAlso: ${args}` : INIT_PROMPT;
  // Each turn that ends while /init's prompt waits or runs reads the memory again; the last is its own.
  const unsubscribe = store.subscribe((s, before) => {
    if (before.phase === 'idle' || s.phase !== 'idle') return;
    if (!s.queued.includes(prompt)) unsubscribe();
    void store.door.send({ type: 'reloadMemory' });
  });
  sessionOf(store).submit(prompt);
}
