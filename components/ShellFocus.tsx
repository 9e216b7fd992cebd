// Ctrl+T: while a running command's pane has focus, every key goes to its pty as the terminal
// sent it: this component is the key pipeline's raw target while it is mounted (mode 'shell'),
// so the app's own key handler sees nothing meanwhile.
import { useEffect } from 'react';
import type { TerminalSnapshot } from '../src/core/tools/details.js';
import { focusedStillRuns, unfocusShell } from '../src/store/history-mode.js';
import { writeToCommand } from '../src/store/pane-actions.js';
import { routeFocusedInput, type ChildKeyModes } from '../src/keys/pty-keys.js';
import { useKeyTarget } from './key-input.js';
import { useApp, useAppStore } from './store-context.js';

/** The command's key modes, as its latest snapshot reports them (off when unknown). */
function keyModes(snapshot: TerminalSnapshot | undefined): ChildKeyModes {
  return { applicationCursorKeys: snapshot?.applicationCursorKeys === true, bracketedPaste: snapshot?.bracketedPaste === true };
}

export function ShellFocus() {
  const store = useAppStore();
  const focusId = useApp((s) => s.shellFocus?.id ?? null);
  const runs = useApp(focusedStillRuns);

  // Focus returns to where it came from when the command ends.
  useEffect(() => {
    if (focusId !== null && !runs) unfocusShell(store);
  }, [focusId, runs, store]);

  useKeyTarget(
    {
      kind: 'raw',
      onChunk: (chunk) => {
        const s = store.getState();
        if (focusId === null || s.shellFocus?.id !== focusId) return;
        const item = s.items[s.index[focusId] ?? -1];
        const snapshot = item?.kind === 'tool' && item.details?.kind === 'bash' ? item.details.snapshot : undefined;
        const routed = routeFocusedInput(chunk, keyModes(snapshot));
        if (routed.toPty !== '' && !writeToCommand(store, focusId, routed.toPty)) {
          unfocusShell(store);
          return;
        }
        // Anything typed after Ctrl+T in the same read is dropped.
        if (routed.returnFocus) unfocusShell(store);
      },
    },
    focusId !== null,
  );
  return null;
}
