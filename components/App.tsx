// The full-screen layout: header, transcript viewport, completion, input, status line.
// Every frame is one row shorter than the terminal (a full-height frame makes Ink clear the
// screen on every render).
import React, { useEffect, useRef, useState } from 'react';
import { Box, useInput, useStdin, useStdout } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import type { AppStore } from '../src/store/app-store.js';
import { handleHelpKey, handleInputKey, handleTranscriptKey, insertPaste, type KeyEnv } from '../src/keys/input-keys.js';
import { keyPressFrom } from '../src/keys/key-names.js';
import type { ReplyCollector } from '../src/keys/terminal-replies.js';
import { handleMemoryKey, handleRememberKey, handleTrustKey } from '../src/keys/workspace-keys.js';
import { handleHistoryKey, type HistoryEnv } from '../src/keys/history-keys.js';
import { handleRevertKey } from '../src/keys/revert-keys.js';
import { handleMcpKey } from '../src/keys/mcp-keys.js';
import { McpView } from './McpView.js';
import { handlePickerKey } from '../src/keys/picker-keys.js';
import { createPasteCollector } from '../src/keys/paste.js';
import { PANE_CHROME_COLS, PANE_ROWS } from './tools/bash-pane-lines.js';
import { Header, type HeaderProps } from './Header.js';
import { HelpOverlay } from './HelpOverlay.js';
import { MemoryView } from './MemoryView.js';
import { WorkspacePrompt, workspacePromptRows } from './WorkspacePrompts.js';
import { HistoryPager } from './HistoryPager.js';
import { RevertDialog } from './RevertDialog.js';
import { SessionPicker } from './SessionPicker.js';
import { ShellFocus } from './ShellFocus.js';
import { viewItemLines } from './transcript-layout.js';
import { rendererFor } from './tools/renderers.js';
import { CompletionMenu, completionRows, Input, inputRows, QueuedPrompts, queuedRows } from './Input.js';
import { loadMarkdown } from './markdown-lines.js';
import { StatusBar } from './StatusBar.js';
import { StoreProvider, useApp } from './store-context.js';
import { Transcript } from './Transcript.js';

export const FALLBACK_SIZE = { cols: 80, rows: 24 };

export interface AppProps {
  store: AppStore;
  header: Omit<HeaderProps, 'width'>;
  keyEnv?: KeyEnv;
  /** History mode's clipboard; default: the store's copy port (run-tui: OSC 52 plus a local program). */
  historyEnv?: Pick<HistoryEnv, 'copy'>;
  /** Delay before the markdown libraries load in the background (after the first frame). */
  markdownDelayMs?: number;
  /** Takes the terminal's answers (OSC 11) out of the key stream before keys are read. */
  terminalReplies?: Pick<ReplyCollector, 'take'>;
}

/**
 * Terminal answers (OSC 11) must be taken out before useInput sees them, and useInput has lost
 * their ESC. Ink emits each raw event to its listeners in the order they subscribed, so a listener
 * subscribed before the key handler marks the events it took and the key handler skips them.
 * (Until the one key pipeline reads raw stdin itself.)
 */
function useTerminalReplies(replies: AppProps['terminalReplies']): { current: boolean } {
  const { internal_eventEmitter: events } = useStdin();
  const took = useRef(false);
  useEffect(() => {
    if (!replies) return;
    const onRaw = (raw: string) => {
      took.current = replies.take(raw);
    };
    events.on('input', onRaw);
    return () => {
      events.off('input', onRaw);
    };
  }, [events, replies]);
  return took;
}

export function App(props: AppProps) {
  return (
    <StoreProvider store={props.store}>
      <Screen {...props} />
    </StoreProvider>
  );
}

function useTerminalSize(): { cols: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ cols: stdout.columns || FALLBACK_SIZE.cols, rows: stdout.rows || FALLBACK_SIZE.rows });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

const defaultEnv: KeyEnv = { files: () => [], now: Date.now };

function Screen({ store, header, keyEnv = defaultEnv, historyEnv, markdownDelayMs = 150, terminalReplies }: AppProps) {
  const { cols, rows } = useTerminalSize();
  const { isRawModeSupported } = useStdin();
  const history = useRef<HistoryEnv>({ rowsOf: () => 1, copy: async () => { throw new Error('not ready'); } });
  history.current = {
    rowsOf: (item) => {
      const s = store.getState();
      return viewItemLines(item, cols, s.viewportRows, s.frame, Date.now(), s.renderEpoch, { expanded: s.expanded }).length;
    },
    copy: historyEnv?.copy ?? ((text) => store.getState().intents.copy(text)),
    toolInput: (item) => rendererFor(item).copyableInput(item),
  };
  const { mode, input, completion, busy, queued, promptRows } = useApp(
    useShallow((s) => ({
      mode: s.mode, input: s.input, completion: s.completion, busy: s.phase !== 'idle', queued: s.queued,
      promptRows: workspacePromptRows(s, cols),
      // A theme switch bumps the epoch: every row is painted again.
      epoch: s.renderEpoch,
    })),
  );
  const checkedModel = useApp((s) => s.workspace.modelLabel);
  const paste = useRef(createPasteCollector((text) => insertPaste(store, text, keyEnv)));
  // Subscribes before useInput below, so it sees each event first.
  const tookReply = useTerminalReplies(terminalReplies);

  useInput(
    (inputText, key) => {
      if (tookReply.current) {
        tookReply.current = false;
        return;
      }
      if (paste.current.feed(inputText, key)) return;
      const press = keyPressFrom(inputText, key);
      const state = store.getState();
      // The pager and a focused command pane read the keys themselves.
      if (state.mode === 'pager' || state.mode === 'shell') return;
      if (state.mode === 'help') return handleHelpKey(store, press);
      if (state.mode === 'trust') return handleTrustKey(store, press);
      if (state.mode === 'remember') return handleRememberKey(store, press);
      if (state.mode === 'memory') return handleMemoryKey(store, press);
      if (state.mode === 'history') return void handleHistoryKey(store, press, history.current);
      if (state.mode === 'revert') return void handleRevertKey(store, press);
      if (state.mode === 'mcp') return void handleMcpKey(store, press);
      if (state.mode === 'picker') return void handlePickerKey(store, press);
      if (handleTranscriptKey(store, press)) return;
      handleInputKey(store, press, keyEnv);
    },
    { isActive: isRawModeSupported === true },
  );

  useEffect(() => {
    store.setState({ size: { cols, rows } });
    store.getState().intents.paneSize(Math.max(20, cols - PANE_CHROME_COLS), PANE_ROWS);
  }, [cols, rows, store]);

  useEffect(() => {
    const t = setTimeout(() => {
      void loadMarkdown().then(() => store.setState((s) => ({ renderEpoch: s.renderEpoch + 1 })));
    }, markdownDelayMs);
    t.unref?.();
    return () => clearTimeout(t);
  }, [store, markdownDelayMs]);

  const inputHeight = inputRows(input, cols, busy).length + 2;
  const completionHeight = completionRows(completion, cols).length;
  const queuedHeight = queuedRows(queued, cols).length;
  const mainHeight = Math.max(1, rows - 1 - 1 - inputHeight - completionHeight - queuedHeight - promptRows - 1);
  if (mode === 'pager') {
    return (
      <Box flexDirection="column" width={cols} height={rows - 1} overflow="hidden">
        <HistoryPager width={cols} height={rows - 1} />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={cols} height={rows - 1} overflow="hidden">
      {mode === 'shell' ? <ShellFocus /> : null}
      <Header {...header} width={cols} />
      {mode === 'help' ? (
        <HelpOverlay height={mainHeight} width={cols} />
      ) : mode === 'revert' ? (
        <RevertDialog height={mainHeight} width={cols} />
      ) : mode === 'memory' ? (
        <MemoryView height={mainHeight} width={cols} />
      ) : mode === 'mcp' ? (
        <McpView height={mainHeight} width={cols} />
      ) : mode === 'picker' ? (
        <SessionPicker height={mainHeight} width={cols} />
      ) : (
        <Transcript height={mainHeight} width={cols} />
      )}
      <WorkspacePrompt width={cols} />
      <CompletionMenu width={cols} />
      <QueuedPrompts width={cols} />
      <Input width={cols} />
      <StatusBar model={checkedModel ?? header.modelLabel} width={cols} />
    </Box>
  );
}
