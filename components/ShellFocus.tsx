// Ctrl+T: while a running command's pane has focus, every key goes to its pty as the terminal
// sent it. The raw chunks come from Ink's input emitter, because useInput merges Backspace with
// Delete and drops function keys; the app's own key handler ignores keys meanwhile (mode 'shell').
import { useEffect } from 'react';
import { useStdin } from 'ink';
import type { TerminalSnapshot } from '../src/core/tools/details.js';
import { focusedStillRuns, unfocusShell } from '../src/store/history-mode.js';
import { routeFocusedInput, type ChildKeyModes } from '../src/keys/pty-keys.js';
import { useApp, useAppStore } from './store-context.js';

/** The command's key modes, as its latest snapshot reports them (off when unknown). */
function keyModes(snapshot: TerminalSnapshot | undefined): ChildKeyModes {
  return { applicationCursorKeys: snapshot?.applicationCursorKeys === true, bracketedPaste: snapshot?.bracketedPaste === true };
}

export function ShellFocus() {
  const store = useAppStore();
  const { internal_eventEmitter: input, setRawMode, isRawModeSupported } = useStdin();
  const focusId = useApp((s) => s.shellFocus?.id ?? null);
  const runs = useApp(focusedStillRuns);

  // Focus returns to where it came from when the command ends.
  useEffect(() => {
    if (focusId !== null && !runs) unfocusShell(store);
  }, [focusId, runs, store]);

  useEffect(() => {
    if (focusId === null || !isRawModeSupported) return;
    setRawMode(true);
    let returning = false;
    const onInput = (chunk: string) => {
      const s = store.getState();
      if (returning || s.shellFocus?.id !== focusId) return;
      const item = s.items[s.index[focusId] ?? -1];
      const snapshot = item?.kind === 'tool' && item.details?.kind === 'bash' ? item.details.snapshot : undefined;
      const routed = routeFocusedInput(chunk, keyModes(snapshot));
      if (routed.toPty !== '' && !s.intents.writeToTool(focusId, routed.toPty)) {
        unfocusShell(store);
        return;
      }
      if (routed.returnFocus) {
        // After this chunk has reached every listener: the app's own key handler, which runs
        // next, must not take this Ctrl+T as a new "focus the command". Anything typed after
        // Ctrl+T in the same read is dropped (Ink delivers keys one by one, so it arrives alone).
        returning = true;
        queueMicrotask(() => unfocusShell(store));
      }
    };
    input.on('input', onInput);
    return () => {
      input.off('input', onInput);
      setRawMode(false);
    };
  }, [focusId, input, isRawModeSupported, setRawMode, store]);
  return null;
}
