// Which skills the conversation holds started: /skills shows them active, and their allowed-tools
// apply (skill-permissions.ts) while they are.
import type { Message } from '../conversation.js';

// The first line of a started skill's text: the skill tool's result and a /name prompt both begin so.
const STARTED = /^Skill "([a-z0-9-]+)" is active/;

/** Skills the conversation holds started: a skill tool call (not one reading a file) whose result is not dropped, or a /name prompt. */
export function startedSkills(messages: readonly Message[], dropped: (id: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const m of messages) {
    for (const b of m.content) {
      if (b.type === 'tool_use' && b.name === 'skill') {
        const input = b.input as { name?: unknown; file?: unknown } | undefined;
        if (typeof input?.name === 'string' && input.file === undefined && !dropped(b.id)) out.add(input.name);
      } else if (b.type === 'text' && m.role === 'user') {
        const name = STARTED.exec(b.text)?.[1];
        if (name) out.add(name);
      }
    }
  }
  return out;
}
