// Ink's Output.get() replaced (src/app/ink-output.ts): the same string and height as Ink's own for
// every frame of the real app and for random writes with styles, wide characters and clips.
import React, { act } from 'react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Instance } from 'ink';
import { App } from '../../components/App.js';
import { installOutputGet, outputGet } from '../../src/app/ink-output.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { RENDER_OPTIONS } from '../../src/app/render-options.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createScreen } from './xterm-screen.js';

type Result = { output: string; height: number };
interface InkOutput {
  write(x: number, y: number, text: string, options: { transformers: ((line: string, index: number) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): Result;
}
type OutputClass = { new (o: { width: number; height: number }): InkOutput; prototype: InkOutput };

// The module Ink's renderer imports (its package does not export it).
const inkOutputUrl = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('ink')), 'output.js')).href;
const { default: Output } = (await import(inkOutputUrl)) as { default: OutputClass };
const inkGet = Output.prototype.get;

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

const PIECES = ['a', 'word ', ' ', '漢', '字', '😀', 'é', '\x1b[1m', '\x1b[22m', '\x1b[32m', '\x1b[39m', '\x1b[2m', '\x1b[7m', '\x1b[27m',
  '\x1b[41m', '\x1b[49m', '\x1b[0m', '\x1b[38;5;208m', '\x1b[38;2;1;2;3m', '\x1b[4m', '\x1b[24m', '\x1b]8;;http://x\x07', '\x1b]8;;\x07', '\n', '\t'];

describe("Ink's Output.get, replaced", () => {
  it('gives what Ink gives for random styled writes, wide characters, clips and transformers', () => {
    const rnd = random(11);
    for (let round = 0; round < 400; round++) {
      const width = 1 + rnd(40);
      const height = 1 + rnd(12);
      const out = new Output({ width, height });
      let clips = 0;
      for (let op = 0; op < 1 + rnd(8); op++) {
        const kind = rnd(6);
        if (kind === 0) {
          out.clip({ x1: rnd(width), x2: rnd(width + 4), y1: rnd(height), y2: rnd(height + 4) });
          clips++;
        } else if (kind === 1 && clips > 0) {
          out.unclip();
          clips--;
        } else {
          const text = Array.from({ length: rnd(30) }, () => PIECES[rnd(PIECES.length)]).join('');
          const transformers = rnd(3) === 0 ? [(line: string, i: number) => `${i}:${line}`] : [];
          out.write(rnd(width + 2) - 1, rnd(height + 2) - 1, text, { transformers });
        }
      }
      expect({ round, ...outputGet.call(out as never) }).toEqual({ round, ...inkGet.call(out) });
    }
  });

  it('installs on the class Ink renders with', () => {
    class Probe {
      get(): Result {
        return { output: 'old', height: 0 };
      }
    }
    installOutputGet(Probe as unknown as OutputClass);
    expect(Probe.prototype.get).toBe(outputGet);
  });
});

describe("the app's frames", () => {
  let insts: Instance[] = [];
  afterEach(async () => {
    Output.prototype.get = inkGet;
    await act(async () => insts.forEach((i) => i.unmount()));
    insts = [];
  });

  it("are Ink's own, frame after frame, drawn by Ink or through the frame writer", async () => {
    // Every get() of the real app is done both ways and compared.
    const differ: { ink: Result; ours: Result }[] = [];
    let compared = 0;
    Output.prototype.get = function (this: InkOutput) {
      const ink = inkGet.call(this);
      const ours = outputGet.call(this as never);
      compared++;
      if (ink.output !== ours.output || ink.height !== ours.height) differ.push({ ink, ours });
      return ink;
    };
    const store = createAppStore();
    for (const drawn of [false, true]) {
      const screen = createScreen(70, 20);
      const out = screen.stdout as unknown as NodeJS.WriteStream;
      await act(async () => {
        insts.push(
          drawn
            ? renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} markdownDelayMs={0} />, diffingStdout(out), {
                stdin: screen.stdin as unknown as NodeJS.ReadStream,
                patchConsole: false,
              })
            : render(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} markdownDelayMs={0} />, {
                ...RENDER_OPTIONS,
                stdout: out,
                stdin: screen.stdin as unknown as NodeJS.ReadStream,
                patchConsole: false,
              }),
        );
      });
    }
    const b = createEventBinding(store, { intervalMs: 0 });
    const steps: (() => void)[] = [
      () => b.push({ type: 'turn_start', prompt: 'go 漢字 and 😀 with a long prompt that wraps around the edge of the screen' }),
      () => b.push({ type: 'text_delta', text: '# Title\n\nSome **bold** and *italic* words, `code`, a [link](http://x) and a list:\n\n- one\n- two 漢字\n\n' }),
      () => b.push({ type: 'text_delta', text: '```ts\nconst x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n' }),
      () => b.push({ type: 'tool_call', id: 'b1', name: 'bash', input: { command: 'seq 1 40' }, readOnly: false }),
      () => b.push({ type: 'tool_status', id: 'b1', status: 'running' }),
      ...Array.from({ length: 4 }, (_, i) => () => {
        const lines = Array.from({ length: (i + 1) * 6 }, (_, j) => `\x1b[3${j % 8}mline ${j}\x1b[0m \x1b[1;44m${'x'.repeat(j * 2)}\x1b[0m 漢😀`);
        b.push({
          type: 'tool_output', id: 'b1',
          details: { kind: 'bash', command: 'seq 1 40', snapshot: { cols: 66, rows: 12, lines, totalLines: lines.length }, running: true,
            exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 100 },
        });
      }),
      () => store.setState((s) => ({ frame: s.frame + 1 })),
      () => b.push({ type: 'tool_result', id: 'b1', content: 'done', isError: false, durationMs: 5 }),
      () => b.push({ type: 'text_delta', text: 'Done.' }),
      () => b.push({ type: 'turn_end', reason: 'end_turn' }),
      () => store.setState({ input: { text: '/', cursor: 1 }, completion: { kind: 'slash', start: 0, options: ['/help', '/clear', '/mouse', '/exit'], selected: 1 } }),
      () => store.setState({ input: { text: '', cursor: 0 }, completion: null, scrollBack: 4 }),
    ];
    for (const step of steps) {
      await act(async () => {
        step();
        b.flush();
        await new Promise((r) => setTimeout(r, 40));
      });
    }
    expect(differ).toEqual([]);
    // Both apps draw most steps (a step that changes nothing on screen, like the frame counter
    // now that spinners turn in the frame writer, draws none), so at least one frame per step.
    expect(compared).toBeGreaterThanOrEqual(steps.length);
  });
});
