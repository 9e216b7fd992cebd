// Hostile strings for the terminal-safety tests: each would make a terminal act (write the
// clipboard, set the title, switch screens, report back as typed input) or hide text, if it
// reached the terminal as it is.
import type { AgentEvent } from '../../src/core/events.js';

export const HOSTILE: Readonly<Record<string, string>> = {
  osc0Bel: 'title\x1b]0;pwned\x07after-osc0',
  osc2St: 'title\x1b]2;pwned\x1b\\after-osc2',
  osc8Link: '\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\',
  osc52Bel: 'clip\x1b]52;c;SGVsbG8=\x07after-osc52',
  osc52St: 'clip\x1b]52;p;SGVsbG8=\x1b\\after-osc52st',
  dcs: 'dcs\x1bP1$qm\x1b\\after-dcs',
  dcsTmuxPassthrough: 'tmux\x1bPtmux;\x1b\x1b]52;c;SGVsbG8=\x07\x1b\\after-passthrough',
  apc: 'apc\x1b_Gf=100;AAAA\x1b\\after-apc',
  pm: 'pm\x1b^private\x1b\\after-pm',
  sos: 'sos\x1bXstring\x1b\\after-sos',
  c1Osc: 'c1\u009d52;c;SGVsbG8=\u0007after-c1osc',
  c1Csi: 'c1\u009b2Jafter-c1csi',
  c1Dcs: 'c1\u0090qm\u009cafter-c1dcs',
  csiPrivate: 'csi\x1b[?1049l\x1b[?25l\x1b[2J\x1b[21tafter-csi',
  loneEsc: 'lone escape at the end\x1b',
  overwrite: 'rm -rf ~/important \r# nothing to see',
  bidi: 'invoice\u202efdp.exe',
};

/** A sequence split across two stream deltas: ESC ends the first, the rest starts the second. */
export const SPLIT_DELTAS: readonly [string, string] = ['split \x1b', ']52;c;SGVsbG8=\x07after-split'];

/**
 * The control sequences and characters in terminal output that inkling must never send on
 * outside text's behalf: OSC, DCS, APC, PM and SOS strings, 8-bit C1 controls, bidi overrides,
 * window operations (CSI … t) and reports (CSI … n, CSI … c). Returns what it found.
 */
export function unsafeSequences(output: string): string[] {
  const found: string[] = [];
  const re = /\x1b[\]P_^X][^\x07\x1b]{0,40}|[\u0080-\u009f]|[\u202a-\u202e\u2066-\u2069]|\x1b\[[0-9;?]*[tnc]/g;
  for (const m of output.matchAll(re)) found.push(JSON.stringify(m[0]));
  return found;
}

/** One turn of core events with `evil` in every string a tool, the model or a server can fill. */
export function hostileSession(evil: string): AgentEvent[] {
  return [
    { type: 'turn_start', prompt: `prompt ${evil}` },
    { type: 'thinking_delta', thinking: `thinking ${evil}` },
    { type: 'text_delta', text: `text ${evil}` },
    { type: 'tool_call', id: 'r', name: 'read_file', input: { path: `${evil}.txt`, [evil]: [evil] }, readOnly: true },
    { type: 'tool_result', id: 'r', content: evil, isError: false, durationMs: 1,
      details: { kind: 'read', path: `${evil}.txt`, startLine: 1, endLine: 1, totalLines: 1, more: false } },
    { type: 'tool_call', id: 'g', name: 'grep_search', input: { pattern: evil }, readOnly: true },
    { type: 'tool_result', id: 'g', content: `a.ts:1:${evil}`, isError: false, durationMs: 1,
      details: { kind: 'grep', pattern: evil, matches: 1, files: 1, truncated: false, engine: 'rg' } },
    { type: 'tool_call', id: 'e', name: 'edit_file', input: { path: 'a.ts', old_string: evil, new_string: 'x' }, readOnly: false },
    { type: 'tool_result', id: 'e', content: 'Edited', isError: false, durationMs: 1,
      details: { kind: 'edit', path: 'a.ts', diff: `-${evil}\n+x\n`, replacements: 1, created: false,
        hunks: [{ oldStart: 1, oldLines: [evil], newStart: 1, newLines: ['x'] }] } },
    { type: 'tool_call', id: 'b', name: 'bash', input: { command: `echo '${evil}'` }, readOnly: false },
    { type: 'tool_output', id: 'b', details: { kind: 'bash', command: `echo '${evil}'`, running: true, exitCode: null, signal: null,
      timedOut: false, logPath: '/tmp/x.log', totalBytes: 1,
      snapshot: { cols: 80, rows: 24, totalLines: 1, lines: [`\x1b[0;31m${evil}\x1b[0m`] } } },
    { type: 'tool_result', id: 'b', content: evil, isError: true, durationMs: 1 },
    { type: 'tool_call', id: 'm', name: `mcp__srv__${evil}`, input: { q: evil }, readOnly: true },
    { type: 'tool_result', id: 'm', content: evil, isError: false, durationMs: 1,
      details: { kind: 'mcp', server: evil, tool: evil, summaries: [evil] } },
    { type: 'retry', attempt: 1, delayMs: 10, reason: evil },
    { type: 'error', message: `server said ${evil}`, retryable: false },
    { type: 'notice', message: evil },
    { type: 'turn_end', reason: 'end_turn' },
  ];
}
