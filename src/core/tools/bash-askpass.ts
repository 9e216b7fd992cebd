// What one bash call asks secrets through: the askpass bridge's variables (and the socket's folder
// for the sandbox to bind in), or, when nobody can answer (-p), a helper that refuses at once.
import type { AskpassLease } from '../shell/askpass-bridge.js';
import type { TimeoutHold } from '../shell/timeout-hold.js';
import type { ToolContext } from './tool.js';

/**
 * bash imports exported functions from BASH_FUNC_<name>%% variables: `sudo` becomes `sudo -A`
 * without touching the command's text (its error line numbers stay its own).
 */
const SUDO_FUNCTION = { 'BASH_FUNC_sudo%%': '() { command sudo -A "$@"; }' };

/** Loaded on the first command (the bridge's module and socket are never needed before it). */
export async function askpassFor(ctx: ToolContext, command: string, sandboxed: boolean, timeout: TimeoutHold): Promise<AskpassLease> {
  const { askpassBridge, askpassEnv, askpassHelperPath } = await import('../shell/askpass-bridge.js');
  const helper = askpassHelperPath();
  if (!helper) return { env: {}, folder: null, release: () => undefined };
  // sudo cannot work in bubblewrap (no new privileges), so the sandbox never gets the function.
  const sudo = !sandboxed && ctx.session.sudoAskpass === true;
  const extra = sudo ? SUDO_FUNCTION : {};
  const ask = ctx.askSecret;
  if (!ask) return { env: { ...askpassEnv(helper, undefined, sudo), ...extra }, folder: null, release: () => undefined };
  const lease = await askpassBridge().lease(
    helper,
    // The command's timeout stops while the person is asked: typing a password is not running time.
    async (question, signal) => {
      const release = timeout.hold();
      try {
        return await ask({ ...question, command, cwd: ctx.workspaceRoot }, signal);
      } finally {
        release();
      }
    },
    sudo,
  );
  return { ...lease, env: { ...lease.env, ...extra } };
}
