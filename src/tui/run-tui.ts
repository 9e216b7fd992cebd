// Starts the full-screen TUI for an agent and returns when the person leaves. The terminal is
// restored on every way out: normal exit, Ctrl+C twice, SIGTERM/SIGHUP/SIGINT, uncaught errors
// and render errors.
import React from 'react';
import { render, type Instance } from 'ink';
import type { Agent } from '../core/agent.js';
import { createAppStore, setIntents } from '../store/app-store.js';
import { attachAgent } from '../store/agent-session.js';
import { startTicker } from '../store/ticker.js';
import { App } from '../../components/App.js';
import { enterFullScreen } from './alt-screen.js';
import { exitSummary } from './exit-summary.js';
import { listWorkspaceFiles } from './file-completion.js';
import { RENDER_OPTIONS } from './render-options.js';

export interface RunTuiOptions {
  agent: Agent;
  modelLabel: string;
  isDemo: boolean;
  workspaceRoot: string;
  permissionMode?: string;
  /** Printed in the exit summary when sessions have ids. */
  sessionId?: string;
}

const SIGNALS = { SIGTERM: 15, SIGHUP: 1, SIGINT: 2 } as const;

export async function runTui(opts: RunTuiOptions): Promise<void> {
  const { agent } = opts;
  const stdout = process.stdout;
  const store = createAppStore({ size: { cols: stdout.columns || 80, rows: stdout.rows || 24 } });
  const session = attachAgent(store, agent);
  const ticker = startTicker(store);
  let files: string[] = [];
  const screen = enterFullScreen(stdout);
  let instance: Instance | null = null;

  setIntents(store, {
    submitPrompt: (p) => session.submit(p),
    interrupt: () => session.interrupt(),
    clearConversation: () => session.clear(),
    exit: () => instance?.unmount(),
    paneSize: (cols, rows) => {
      agent.setPaneSize(cols, rows);
      for (const id of store.getState().activeToolIds) agent.resizeTool(id, cols, rows);
    },
  });

  let summaryPrinted = false;
  const printSummary = () => {
    if (summaryPrinted) return;
    summaryPrinted = true;
    process.stdout.write(exitSummary(store.getState(), opts.modelLabel, opts.sessionId));
  };
  const cleanup: (() => void)[] = [];
  const on = (event: string, fn: (...a: unknown[]) => void) => {
    process.on(event, fn);
    cleanup.push(() => process.off(event, fn));
  };
  on('exit', () => screen.leave());
  for (const [name, num] of Object.entries(SIGNALS)) {
    on(name, () => {
      session.interrupt();
      instance?.unmount();
      screen.leave();
      printSummary();
      void agent.dispose().finally(() => process.exit(128 + num));
      setTimeout(() => process.exit(128 + num), 1000).unref();
    });
  }
  on('uncaughtException', (err) => {
    instance?.unmount();
    screen.leave();
    console.error(err);
    process.exit(1);
  });

  instance = render(
    React.createElement(App, {
      store,
      header: {
        modelLabel: opts.modelLabel,
        isDemo: opts.isDemo,
        workspaceRoot: opts.workspaceRoot,
        permissionMode: opts.permissionMode,
      },
      keyEnv: { files: () => files, now: Date.now },
    }),
    RENDER_OPTIONS,
  );
  // The file list for @ completion loads after the first frame.
  setTimeout(() => {
    void listWorkspaceFiles(opts.workspaceRoot).then((f) => (files = f), () => {});
  }, 200).unref();

  try {
    await instance.waitUntilExit();
  } catch (err) {
    screen.leave();
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  }
  screen.leave();
  session.interrupt();
  ticker.stop();
  for (const c of cleanup) c();
  await Promise.race([session.idle(), new Promise((r) => setTimeout(r, 1000).unref())]);
  await agent.dispose().catch(() => {});
  printSummary();
}
