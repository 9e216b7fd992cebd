// The terminal's title while inkling runs is inkling's own ("inkling — ~/src/app"): outside
// text can never set it (safe-text.ts shows OSC 0/2 as pictures, frame-guard.ts drops any that
// slip). The person's own title is pushed on the terminal's title stack at start (CSI 22 t) and
// popped on every way out (CSI 23 t).
import os from 'node:os';
import { toSafeText } from '../core/text/safe-text.js';
import type { FullScreen } from './alt-screen.js';
import type { AppStore } from '../store/app-store.js';

export const PUSH_TITLE = '\x1b[22;0t';
export const POP_TITLE = '\x1b[23;0t';

/** OSC 0 (icon name and window title) for `text`, which can hold no BEL, ESC or newline. */
export function titleSequence(text: string): string {
  return `\x1b]0;${toSafeText(text).replace(/[\n\t]/g, ' ')}\x07`;
}

export function workspaceTitle(workspaceRoot: string, home = os.homedir()): string {
  const shown = home && (workspaceRoot === home || workspaceRoot.startsWith(`${home}/`)) ? `~${workspaceRoot.slice(home.length)}` : workspaceRoot;
  return `inkling — ${shown}`;
}

export interface TerminalTitle {
  /** Changes the title ("⏳ waiting for approval"); nothing once restored. */
  set(text: string): void;
  /** Gives the person's title back; safe to call any number of times. */
  restore(): void;
}

export function ownTitle(out: { write(s: string): unknown }, text: string): TerminalTitle {
  let on = true;
  out.write(PUSH_TITLE + titleSequence(text));
  return {
    set(t) {
      if (on) out.write(titleSequence(t));
    },
    restore() {
      if (!on) return;
      on = false;
      out.write(POP_TITLE);
    },
  };
}

/** The title while a call waits for the person's answer (seen from another tab or window). */
export function waitingTitle(base: string): string {
  return `⏳ waiting for approval — ${base}`;
}

/** The title while a command's program waits for a password or a yes/no. */
export function secretTitle(base: string): string {
  return `⏳ a command waits for a secret — ${base}`;
}

/** Keeps the title in step with the store: "waiting for approval" while a call asks. */
export function followApprovals(store: AppStore, title: TerminalTitle, base: string): () => void {
  let waiting: 'approval' | 'secret' | null = null;
  return store.subscribe((s) => {
    const approval = s.activeToolIds.some((id) => {
      const item = s.items[s.index[id] ?? -1];
      return item?.kind === 'tool' && item.status === 'awaiting_approval';
    });
    // exit_plan_mode's card waits for an answer as an approval does.
    const now = s.secrets.length > 0 ? 'secret' : approval || s.planReview ? 'approval' : null;
    if (now === waiting) return;
    waiting = now;
    title.set(now === 'secret' ? secretTitle(base) : now ? waitingTitle(base) : base);
  });
}

/** The full screen and the title leave together, on every way out. */
export function withTitle(screen: FullScreen, title: TerminalTitle): FullScreen {
  return {
    leave() {
      screen.leave();
      title.restore();
    },
    get active() {
      return screen.active;
    },
  };
}
