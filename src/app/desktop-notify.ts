// Getting the person's attention while they look elsewhere: the terminal reports focus (mode
// 1004: ESC[I in, ESC[O out; one that never reports counts as unfocused), and when a turn ends,
// or an approval or a secret has waited notifications.afterMs, unfocused, a desktop notification
// goes out: OSC 9 or OSC 777 where the terminal shows them, the bell otherwise.
import type { AppState, AppStore } from '../store/app-store.js';

const FOCUS_IN = '\x1b[I';
const FOCUS_OUT = '\x1b[O';

export type DesktopSetting = 'auto' | 'osc9' | 'osc777' | 'off';
export type NotifyRoute = 'osc9' | 'osc777' | 'bell' | 'off';

/**
 * auto: OSC 9 in iTerm2, WezTerm, Ghostty, kitty and Windows Terminal; OSC 777 in VTE terminals
 * (GNOME Terminal, Tilix), foot and urxvt; the bell elsewhere and inside tmux or screen, which do
 * not pass either on.
 */
export function notifyRoute(setting: DesktopSetting, env: NodeJS.ProcessEnv): NotifyRoute {
  if (setting !== 'auto') return setting;
  if (env.TMUX || env.STY) return 'bell';
  const program = env.TERM_PROGRAM ?? '';
  const term = env.TERM ?? '';
  if (['iTerm.app', 'WezTerm', 'ghostty'].includes(program) || term === 'xterm-kitty' || env.WT_SESSION) return 'osc9';
  if (env.VTE_VERSION || term.startsWith('foot') || term.startsWith('rxvt-unicode')) return 'osc777';
  return 'bell';
}

/** The bytes that show `body` on this route (control characters taken out of it). */
export function notifySequence(route: NotifyRoute, body: string): string {
  const text = body.replace(/[\x00-\x1f\x7f-\x9f;]/g, ' ');
  if (route === 'osc9') return `\x1b]9;${text}\x07`;
  if (route === 'osc777') return `\x1b]777;notify;inkling;${text}\x07`;
  if (route === 'bell') return '\x07';
  return '';
}

export interface DesktopNotifier {
  /** A raw reply from the terminal: true when it was a focus report (taken). */
  take(raw: string): boolean;
  readonly focused: boolean;
  stop(): void;
}

/** What waits for the person now: an approval or a secret; null when nothing does. */
function waitingFor(s: AppState): string | null {
  if (s.secrets.length > 0) return 'a command waits for a secret';
  if (s.approvals.queue.length > 0) return 'a tool call waits for your approval';
  if (s.planReview) return "the model's plan waits for your answer";
  return null;
}

export function startDesktopNotifier(opts: {
  store: AppStore;
  /** Where OSC strings and the bell go (beside Ink, like the alternate screen). */
  out: { write(s: string): unknown };
  settings: () => { desktop: DesktopSetting; afterMs: number };
  env?: NodeJS.ProcessEnv;
  where: string;
}): DesktopNotifier {
  let focused = false;
  let timer: NodeJS.Timeout | null = null;
  let waiting: string | null = null;
  const notify = (what: string) => {
    const route = notifyRoute(opts.settings().desktop, opts.env ?? process.env);
    const seq = notifySequence(route, `${what} — ${opts.where}`);
    if (seq) opts.out.write(seq);
  };
  const unsubscribe = opts.store.subscribe((s, prev) => {
    if (prev.phase !== 'idle' && s.phase === 'idle' && !focused) notify('the turn ended');
    const now = waitingFor(s);
    if (now === waiting) return;
    waiting = now;
    if (timer) clearTimeout(timer);
    timer = null;
    if (now === null) return;
    timer = setTimeout(() => {
      timer = null;
      if (!focused && waitingFor(opts.store.getState()) === now) notify(now);
    }, opts.settings().afterMs);
    timer.unref?.();
  });
  return {
    take(raw) {
      if (raw !== FOCUS_IN && raw !== FOCUS_OUT) return false;
      focused = raw === FOCUS_IN;
      return true;
    },
    get focused() {
      return focused;
    },
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
