// The built-in demo model: what inkling runs on with no API key (or with --demo). It says plainly
// that it is scripted and how to connect a real model, then shows several read-only tool calls
// running side by side, then the writing tools pointed where they must refuse (outside the
// workspace, a missing file) and a harmless shell progress bar. It never writes: the workspace is
// the person's own directory.
// A tool that is not registered simply comes back as an error result, so the tour still ends.
import { createScriptedProvider } from './scripted.js';
import type { ScriptedResponse } from './scripted.js';
import type { Provider } from './provider.js';

export const CONNECT_HELP =
  'To connect a real model, set ANTHROPIC_API_KEY (in your environment or a .env file in this directory) ' +
  'and start inkling again. For an Anthropic-compatible endpoint also set ANTHROPIC_BASE_URL, ' +
  'and choose the model with --model or ANTHROPIC_MODEL. For another provider (OpenAI, DeepSeek, Qwen, ' +
  'OpenRouter, or a local Ollama, vLLM or llama.cpp server) use --provider; inkling --help lists them.';


export const DEMO_SCRIPT: readonly ScriptedResponse[] = [
  {
    content: [
      {
        type: 'text',
        text:
          "Hi! I'm inkling's built-in demo model — not a real language model: everything I say is " +
          'scripted, whatever you typed. ' + CONNECT_HELP + '\n\n' +
          "Meanwhile, here is how inkling works. I'll look around this directory with four read-only " +
          'calls in one response: they run at the same time, side by side. I only read — nothing in ' +
          'your directory is changed.',
      },
      { type: 'tool_use', name: 'list_files', input: { path: '.' } },
      { type: 'tool_use', name: 'read_file', input: { path: 'README.md', limit: 20 } },
      { type: 'tool_use', name: 'grep_search', input: { pattern: 'TODO|FIXME', path: '.' } },
      { type: 'tool_use', name: 'bash', input: { command: 'pwd && ls -la | head -n 20' } },
    ],
  },
  {
    content: [
      {
        type: 'text',
        text:
          'Those four calls ran concurrently: inkling runs consecutive read-only calls together. ' +
          'Calls that change things run one at a time, in order. The demo never changes your files, so ' +
          'here are the two writing tools pointed where they must refuse — a path inside .git (the ' +
          'workspace sandbox never writes there) and a file that does not exist; they are refused without ' +
          'asking — and a shell command that draws a progress bar in place, as a real terminal would. ' +
          'The parser cannot prove that command read-only, so inkling asks you first: 1 runs it, Esc declines.',
      },
      { type: 'tool_use', name: 'write_file', input: { path: '.git/inkling-demo-never-written.txt', content: 'never written' } },
      {
        type: 'tool_use',
        name: 'edit_file',
        input: { path: '.inkling-demo/does-not-exist.txt', old_string: 'old', new_string: 'new' },
      },
      {
        type: 'tool_use',
        name: 'bash',
        input: {
          command: "for i in $(seq 1 20); do printf '\\r\\033[32mworking %3d%%\\033[0m' $((i*5)); sleep 0.1; done; echo; echo done",
          description: 'a progress bar drawn in place',
        },
      },
    ],
  },
  {
    content: [
      {
        type: 'text',
        text:
          'Both writes came back as errors the model can read, and nothing was written. If you let the shell ' +
          'command run, it ran in a real pseudo-terminal: the model got the final screen as text, without the ' +
          'colour codes (declined, it got your answer instead; -p declines it by itself unless --yolo). Every result went back to the model exactly as you see it in its card (if this ' +
          'directory has no README.md, that read was an error too).\n\n' +
          "That's the end of the demo model's tour. " + CONNECT_HELP,
      },
    ],
  },
];

export const DEMO_EXHAUSTED_TEXT =
  'This is the demo model, and its scripted tour is over, so it cannot answer that. ' + CONNECT_HELP;

/** Streamed a little at a time so the demo looks like a model typing on screen. */
const TYPING_PACE = { chunk_delay_ms: 12, chunk_chars: 16 } as const;

/** `paced: false` streams at once (headless -p, where nobody watches the text arrive). */
export function createDemoProvider(options: { paced?: boolean } = {}): Provider {
  const script = options.paced === false ? DEMO_SCRIPT : DEMO_SCRIPT.map((r) => ({ ...TYPING_PACE, ...r }));
  return createScriptedProvider(script, { exhaustedText: DEMO_EXHAUSTED_TEXT });
}
