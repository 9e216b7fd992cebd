// The user message a prompt becomes: what the hooks add, the images fitted to the model, and the
// notes the model must hear first (the ledger's undo notes, `!command` output, the plan's notes).
import type { AgentConfig } from './agent.js';
import type { ImageBlock, UserBlock } from './conversation.js';
import type { AgentEvent } from './events.js';
import type { TurnHooks } from './hooks/turn-hooks.js';
import type { TurnMarks } from './turn-marks.js';

export interface TurnPromptParts {
  config: AgentConfig;
  turnHooks: TurnHooks;
  turns: TurnMarks;
  /** What `!command`s printed since the last prompt: taken (emptied) into this one. */
  shellNotes: string[];
  fitToModel(images: ImageBlock[]): Promise<{ images: ImageBlock[]; notes: string[] }>;
}

export interface TurnPrompt {
  content: UserBlock[];
  /** The ledger's mark of the prompt (its snapshot), still running while the request goes out: the turn ends after it. Never rejects. */
  marked: Promise<unknown>;
}

/**
 * The prompt's content blocks; null when a hook blocked the prompt. `answered`: the model's first
 * answer of the turn has arrived (or the turn ended without one).
 */
export async function promptContent(
  parts: TurnPromptParts,
  prompt: string,
  images: ImageBlock[],
  signal: AbortSignal,
  emit: (e: AgentEvent) => void,
  answered: Promise<void> = Promise.resolve(),
): Promise<TurnPrompt | null> {
  const { config } = parts;
  const hooked = await parts.turnHooks.beforePrompt(prompt, signal, emit);
  if (hooked === null) return null;
  const fitted = await parts.fitToModel(images);
  for (const message of fitted.notes) emit({ type: 'notice', message });
  // The ledger marks the prompt (a snapshot: git) and hands over what the model must hear first (an
  // undo since). The request waits for the notes only, and for those only when the chain could not say them at once.
  // With the notes known, the mark starts once the model answers: its git processes (each a fork of this
  // one) no longer hold the response's first bytes. Nothing of the turn writes files before that, and
  // the person's undo and rewind wait for the turn's end.
  const known = config.ledger?.notesNow();
  const ledger = config.ledger;
  const ordinal = parts.turns.next;
  const mark = () => (ledger ? ledger.beginTurn(prompt, ordinal, emit) : Promise.resolve([]));
  const marked = known !== undefined ? answered.then(mark) : mark();
  const notes = known ?? (await marked);
  const said = [...notes, ...parts.shellNotes.splice(0), ...(config.plan?.notes(config.permissions?.mode) ?? [])];
  return { content: [...said.map((text) => ({ type: 'text' as const, text })), { type: 'text', text: prompt }, ...hooked, ...fitted.images], marked: marked.catch(() => undefined) };
}
