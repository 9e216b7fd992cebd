// The key map's clash check: one action per key in a context, counting the keys features have
// reserved (planned-keys.ts), and one action per key across contexts that are live at the same
// moment (the prompt's keys and the transcript's while typing, the approval's over the
// transcript's). test/keys/keymap-check.test.ts runs it.
import { KEYMAP, type Binding, type KeyContext } from './keymap.js';
import { PLANNED_KEYS, type PlannedContext } from './planned-keys.js';

type AnyContext = KeyContext | PlannedContext;

export interface LiveTogether {
  /** In the order key-pipeline.ts offers a key to them. */
  contexts: readonly AnyContext[];
  /** Keys the first context takes from the later ones on purpose while it is open. */
  hides?: readonly string[];
}

export const ACTIVE_TOGETHER: readonly LiveTogether[] = [
  // Typing: the transcript's scrolling and mode keys, then the prompt's.
  { contexts: ['transcript', 'input'] },
  // The `/` and `@` menu takes ↑↓ from the prompt's history walk while it is open.
  { contexts: ['completion', 'transcript', 'input'], hides: ['up', 'down'] },
  // A call asking: its preview scrolls with PgUp/PgDn instead of the transcript.
  { contexts: ['approval', 'transcript'], hides: ['pageup', 'pagedown'] },
];

type Tables = Partial<Record<AnyContext, readonly Binding[]>>;

/** Every clash, as "key: context action and context action"; none when the map is sound. */
export function keymapClashes(keymap: Tables = KEYMAP, planned: Tables = PLANNED_KEYS, groups: readonly LiveTogether[] = ACTIVE_TOGETHER): string[] {
  const out: string[] = [];
  const owners = (ctx: AnyContext) => {
    const m = new Map<string, string>();
    for (const b of [...(keymap[ctx] ?? []), ...(planned[ctx] ?? [])]) {
      for (const k of b.keys) {
        const had = m.get(k);
        if (had !== undefined) out.push(`${k}: ${ctx} ${had} and ${ctx} ${b.action}`);
        else m.set(k, b.action);
      }
    }
    return m;
  };
  const contexts = new Set<AnyContext>([...(Object.keys(keymap) as AnyContext[]), ...(Object.keys(planned) as AnyContext[])]);
  const byContext = new Map([...contexts].map((c) => [c, owners(c)] as const));
  for (const g of groups) {
    g.contexts.forEach((first, i) => {
      for (const later of g.contexts.slice(i + 1)) {
        for (const [k, action] of byContext.get(first) ?? []) {
          const other = byContext.get(later)?.get(k);
          if (other === undefined || (i === 0 && g.hides?.includes(k))) continue;
          out.push(`${k}: ${first} ${action} and ${later} ${other}`);
        }
      }
    });
  }
  return out;
}
