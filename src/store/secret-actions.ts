// Named actions of the secret card: a command's program asks (the keys go to the card), the person
// types into the masked field, sends it, answers empty (Esc), answers a yes/no, or stops the turn.
// The answer goes through the door to the asking program only: nothing else keeps it.
import type { AgentEvent } from '../core/events.js';
import { toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import type { SecretPrompt } from './secret-state.js';

type SecretEvent = Extract<AgentEvent, { type: 'secret_request' | 'secret_request_end' }>;

/** `agent`: the child agent whose command asks (absent: the parent's). */
export function secretEvent(store: AppStore, ev: SecretEvent, agent?: string): void {
  if (ev.type === 'secret_request_end') return secretGone(store, ev.request);
  const s = store.getState();
  const prompt: SecretPrompt = {
    request: ev.request,
    callId: ev.id,
    kind: ev.kind,
    prompt: toSafeText(ev.prompt.trim() || (ev.kind === 'confirm' ? 'Continue?' : 'Password:')),
    asker: toSafeText(`${ev.asker.exe || 'an unknown program'} (pid ${ev.asker.pid})`),
    warning: ev.warning ? toSafeText(ev.warning) : null,
    command: toSafeText(ev.command),
    cwd: toSafeText(ev.cwd),
    typed: '',
    ...(agent ? { agent: toSafeText(agent) } : {}),
    returnTo: s.mode === 'secret' ? (s.secrets[0]?.returnTo ?? 'input') : s.mode,
  };
  store.setState({ secrets: [...s.secrets, prompt], mode: 'secret' });
}

function secretGone(store: AppStore, request: string): void {
  const s = store.getState();
  const gone = s.secrets.find((p) => p.request === request);
  if (!gone) return;
  const secrets = s.secrets.filter((p) => p.request !== request);
  store.setState({ secrets, ...(secrets.length === 0 && s.mode === 'secret' ? { mode: gone.returnTo } : {}) });
}

export function typeSecret(store: AppStore, text: string): void {
  const [first, ...rest] = store.getState().secrets;
  // A password is one line: a pasted newline is not part of it.
  if (first?.kind === 'secret') store.setState({ secrets: [{ ...first, typed: first.typed + text.replace(/[\r\n]+/g, '') }, ...rest] });
}

export function eraseSecret(store: AppStore): void {
  const [first, ...rest] = store.getState().secrets;
  if (first) store.setState({ secrets: [{ ...first, typed: [...first.typed].slice(0, -1).join('') }, ...rest] });
}

/** send: the typed text (a confirm: yes); empty: nothing (the program fails, the turn goes on). */
export function answerSecret(store: AppStore, how: 'send' | 'empty'): void {
  const first = store.getState().secrets[0];
  if (!first) return;
  const answer = how === 'empty' ? null : first.kind === 'confirm' ? 'yes' : first.typed;
  store.door.send({ type: 'answerSecret', request: first.request, answer });
  secretGone(store, first.request);
}
