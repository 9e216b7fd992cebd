// The full-screen layout: header, transcript viewport, completion, input, status line.
// Every frame is one row shorter than the terminal (a full-height frame makes Ink clear the
// screen on every render).
import React, { useEffect, useRef, useState } from 'react';
import { Box, useStdout } from 'ink';
import { useDrawnRows } from './drawn-rows-context.js';
import { useShallow } from 'zustand/react/shallow';
import type { AppStore } from '../src/store/app-store.js';
import type { Mode } from '../src/store/mode.js';
import type { KeyEnv } from '../src/keys/input-keys.js';
import { handleAppKey, handleAppPaste } from '../src/keys/key-pipeline.js';
import type { ReplyCollector } from '../src/keys/terminal-replies.js';
import type { HistoryEnv } from '../src/keys/history-keys.js';
import { ElicitationCard } from './ElicitationCard.js';
import { McpView } from './McpView.js';
import { SecretCard } from './SecretCard.js';
import { PlanPanel } from './PlanPanel.js';
import { PlanReviewCard } from './PlanReviewCard.js';
import { isAsking } from '../src/store/app-store.js';
import { PANE_CHROME_COLS, PANE_ROWS } from './tools/bash-pane-lines.js';
import { Header, type HeaderProps } from './Header.js';
import { useFrameRoot, useKeyHold, useKeyTarget, useTerminalReplies } from './key-input.js';
import { HelpOverlay } from './HelpOverlay.js';
import { MemoryView } from './MemoryView.js';
import { WorkspacePrompt } from './WorkspacePrompts.js';
import { PagerScreen } from './PagerScreen.js';
import { RevertDialog } from './RevertDialog.js';
import { ModelPicker, PromptSearch, RewindPicker, SessionPicker } from './ListPicker.js';
import { JobsPickerOnUse, JobViewOnUse } from './JobsViewLoader.js';
import { SetupListOnUse } from './SetupListLoader.js';
import { sendShellChunk, shellHasKeys } from '../src/keys/shell-keys.js';
import { mainRows } from './screen-layout.js';
import { redrawAll, resizeScreen } from '../src/store/view-actions.js';
import { resizePanes } from '../src/store/pane-actions.js';
import { rendererFor } from './tools/renderers.js';
import { CompletionMenu, Input, inputRows, QueuedPrompts } from './Input.js';
import { onMarkdownLoaded } from './markdown-lines.js';
import { onHighlighterLoaded } from './code-highlight.js';
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
  /** Takes the terminal's answers (OSC 11) out of the key stream before keys are read. */
  terminalReplies?: Pick<ReplyCollector, 'take'>;
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

function Screen({ store, header, keyEnv = defaultEnv, historyEnv, terminalReplies }: AppProps) {
  const { cols, rows } = useTerminalSize();
  const drawn = useDrawnRows();
  const frameRoot = useFrameRoot();
  useTerminalReplies(terminalReplies ? (raw) => terminalReplies.take(raw) : undefined);
  const history = useRef<HistoryEnv>({ copy: async () => { throw new Error('not ready'); } });
  history.current = {
    copy: historyEnv?.copy ?? ((text) => store.terminal.copy(text)),
    toolInput: (item) => rendererFor(item).copyableInput(item),
  };
  const { mode, asking, mainHeight, boxHeight } = useApp(
    useShallow((s) => ({
      mode: s.mode,
      asking: isAsking(s),
      // The measured size, which the store gets just after this frame.
      mainHeight: mainRows(s, { cols, rows }),
      // The prompt box's rows, border included (Input.tsx): a number that changes when the box grows.
      boxHeight: inputRows(s.input, cols, s.phase !== 'idle').length + 2,
      // A theme switch bumps the epoch: every row is painted again.
      epoch: s.renderEpoch,
    })),
  );
  const checkedModel = useApp((s) => s.workspace.modelLabel);
  // Ctrl+T in the job view: the keys go to the job, its pane stays on screen.
  const jobTyping = useApp((s) => s.mode === 'shell' && s.shellFocus?.returnTo === 'job');
  const holdKeys = useKeyHold();
  useKeyTarget({
    kind: 'keys',
    onKey: (press) => handleAppKey(store, press, { ...keyEnv, holdKeys, history: history.current }),
    onPaste: (text) => handleAppPaste(store, text, keyEnv),
    // Ctrl+T: while a pane has the keys (the store's mode says so), chunks go to it as read.
    takesRaw: () => shellHasKeys(store),
    onRaw: (chunk) => sendShellChunk(store, chunk),
  });

  useEffect(() => {
    resizeScreen(store, { cols, rows });
    resizePanes(store, Math.max(20, cols - PANE_CHROME_COLS), PANE_ROWS);
  }, [cols, rows, store]);

  // Markdown and the highlighter load on first use, never in the background (a plain answer needs no
  // lexer: plain-paragraph.ts): the rows drawn plain meanwhile are drawn again.
  useEffect(() => {
    const redraw = () => redrawAll(store);
    const offs = [onMarkdownLoaded(redraw), onHighlighterLoaded(redraw)];
    return () => {
      for (const off of offs) off();
    };
  }, [store]);

  if (mode === 'pager') {
    return (
      <Box ref={frameRoot} flexDirection="column" width={cols} height={rows - 1} overflow="hidden">
        <PagerScreen width={cols} height={rows - 1} />
      </Box>
    );
  }
  // Clipped only vertically: every row inside is cut to the width already (Lines truncate, the
  // transcript fits its own rows), and a horizontal clip makes Ink slice every row of every frame.
  // When the frame writer draws the transcript's and the prompt box's rows, each is one row to Ink
  // (its placeholder) however tall it is on screen: Ink's screen is shorter by the rest.
  const showsTranscript = !jobTyping && !MODE_VIEWS.has(mode);
  const showsPrompt = !(asking || mode === 'elicit' || mode === 'secret' || mode === 'planReview');
  const placeholderRows = drawn ? (showsTranscript ? mainHeight - 1 : 0) + (showsPrompt ? boxHeight - 1 : 0) : 0;
  return (
    <Box ref={frameRoot} flexDirection="column" width={cols} height={rows - 1 - placeholderRows} overflowY="hidden">
      <Header {...header} width={cols} />
      {showsTranscript ? <Transcript height={mainHeight} width={cols} /> : <ModeView mode={jobTyping ? 'job' : mode} height={mainHeight} width={cols} />}
      {!showsPrompt ? null : (
        <>
          <PlanPanel width={cols} rows={rows} />
          <WorkspacePrompt width={cols} />
          <CompletionMenu width={cols} />
          <QueuedPrompts width={cols} />
          <Input width={cols} />
        </>
      )}
      <StatusBar model={checkedModel ?? header.modelLabel} width={cols} />
    </Box>
  );
}

// The modes whose own view takes the transcript's place (the job view also while Ctrl+T types into it).
const MODE_VIEWS: ReadonlySet<Mode> = new Set<Mode>(['help', 'revert', 'memory', 'mcp', 'elicit', 'secret', 'planReview', 'model', 'picker', 'rewind', 'prompts', 'jobs', 'lists', 'job']);

function ModeView({ mode, height, width }: { mode: Mode; height: number; width: number }) {
  switch (mode) {
    case 'help': return <HelpOverlay height={height} width={width} />;
    case 'revert': return <RevertDialog height={height} width={width} />;
    case 'memory': return <MemoryView height={height} width={width} />;
    case 'mcp': return <McpView height={height} width={width} />;
    case 'elicit': return <ElicitationCard height={height} width={width} />;
    case 'secret': return <SecretCard height={height} width={width} />;
    case 'planReview': return <PlanReviewCard height={height} width={width} />;
    case 'model': return <ModelPicker height={height} width={width} />;
    case 'picker': return <SessionPicker height={height} width={width} />;
    case 'rewind': return <RewindPicker height={height} width={width} />;
    case 'prompts': return <PromptSearch height={height} width={width} />;
    case 'jobs': return <JobsPickerOnUse height={height} width={width} />;
    case 'lists': return <SetupListOnUse height={height} width={width} />;
    case 'job': return <JobViewOnUse height={height} width={width} />;
    default: return null;
  }
}
