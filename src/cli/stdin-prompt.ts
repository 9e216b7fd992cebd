// `-p -` (or -p with no prompt): the prompt comes from a piped stdin, read whole (bounded); a
// terminal on stdin would wait for typing that -p never asks for, so that is a usage error.
import { UsageError } from './args.js';

/** More than this is not a prompt but a mistake (a file piped in by accident). */
export const MAX_STDIN_PROMPT_BYTES = 4 * 1024 * 1024;

export async function readStdinPrompt(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string> {
  if (stdin.isTTY) {
    throw new UsageError('-p has no prompt and stdin is a terminal: give it one (-p "fix the test") or pipe it in (echo "fix the test" | inkling -p)');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_STDIN_PROMPT_BYTES) throw new UsageError(`the prompt on stdin is over ${MAX_STDIN_PROMPT_BYTES / 1024 / 1024} MB`);
    chunks.push(buf);
  }
  const prompt = Buffer.concat(chunks).toString('utf8').trim();
  if (!prompt) throw new UsageError('-p read an empty prompt from stdin');
  return prompt;
}
