// Which permission mode a resumed session goes on in. Plan mode (nothing may change) comes back
// as it was, over default and accept-edits: a session that was planning keeps planning. A looser
// recorded mode (accept-edits, yolo) is never brought back on its own — nothing changes the
// machine unasked because of a choice made in another run; the notice names it instead.
import { PERMISSION_MODES } from '../config/setting-values.js';
import type { PermissionMode } from '../permissions/approval.js';

export interface ResumedMode {
  /** Set the agent to this mode. */
  mode?: PermissionMode;
  /** Said once as the session opens. */
  notice?: string;
}

export function resumedMode(recorded: string | undefined, now: PermissionMode | undefined): ResumedMode {
  if (!recorded || !now || recorded === now || !(PERMISSION_MODES as readonly string[]).includes(recorded)) return {};
  if (recorded === 'plan' && (now === 'default' || now === 'accept-edits')) {
    return { mode: 'plan', notice: 'This session was in plan mode; it goes on in plan mode (Shift+Tab changes it).' };
  }
  return { notice: `This session was last in ${recorded} mode; it goes on in ${now} mode (Shift+Tab changes it).` };
}
