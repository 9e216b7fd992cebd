// What the fake model answers in the bench scenarios: every response streams at 15 ms per delta
// (issue 11 measured that way), text one word per delta.

export const DELTA_MS = 15;

const words = (s: string) => s.split(/(?<= )/);

export interface ToolUse {
  name: string;
  input: Record<string, unknown>;
}

export const bash = (command: string): ToolUse => ({ name: 'bash', input: { command } });

export const readFile = (path: string): ToolUse => ({ name: 'read_file', input: { path } });

/** A response that is only text. */
export const say = (text: string) => ({ text: words(text), chunkDelayMs: DELTA_MS });

/** A response with some text, then tool calls. */
export const call = (text: string, ...toolUses: ToolUse[]) => ({ text: words(text), toolUses, chunkDelayMs: DELTA_MS });

/** 1 … n */
export const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
