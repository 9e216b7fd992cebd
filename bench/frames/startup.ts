// Start-up: the built app (demo model, no key) launched in a fresh tmux session, until the input
// prompt is on screen, polled every 2 ms; and the app's own "first frame rendered" trace mark, with
// the CPU time the process had used by then (steadier than wall time on a busy machine).
import path from 'node:path';
import { startTmuxApp } from '../../test/e2e/tmux-app.js';
import { benchTempDir, COLS, ROWS } from './app-session.js';
import { medianOf, type ScenarioResult } from './figures.js';
import { startupMarksWithCpu } from './trace-file.js';
import { writeSetupFixture } from './setup-fixture.js';

export const STARTUP_RUNS = 7;

/** `withSetup`: the workspace holds 50 skills and 20 hooks (setup-fixture.ts). */
export async function startup(runs = STARTUP_RUNS, withSetup = false): Promise<ScenarioResult> {
  const dir = benchTempDir();
  if (withSetup) writeSetupFixture(dir);
  const times: number[] = [];
  const marks: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const trace = path.join(dir, `trace-${i}.txt`);
    const t0 = performance.now();
    const app = startTmuxApp({ cwd: dir, env: { INKLING_HOME: path.join(dir, 'home'), INKLING_TRACE_EVENTS: trace }, cols: COLS, rows: ROWS });
    try {
      for (;;) {
        if (app.screen().includes('Ask anything')) break;
        if (performance.now() - t0 > 20_000) throw new Error(`no input prompt after 20 s:\n${app.screen()}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      times.push(performance.now() - t0);
    } finally {
      app.kill();
    }
    const { wall, cpu } = startupMarksWithCpu(trace);
    if (wall['first frame rendered'] !== undefined) marks.push(wall['first frame rendered']);
    if (cpu['first frame rendered'] !== undefined) cpus.push(cpu['first frame rendered']);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    figures: {
      'startup.ms': medianOf(times, 0, `from tmux new-session to the prompt in capture-pane (2 ms polls), demo model${withSetup ? ', 50 skills and 20 hooks in the workspace' : ''}`),
      ...(marks.length ? { 'startup.frameMark': medianOf(marks) } : {}),
      ...(cpus.length ? { 'startup.frameCpu': medianOf(cpus, 0, 'process.cpuUsage() (user + system) at the mark') } : {}),
    },
  };
}
