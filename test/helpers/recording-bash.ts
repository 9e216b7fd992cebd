// A stand-in named bash for permission and hook tests: the permission chain judges its command
// (and hooks see it as Claude Code's Bash), but nothing is ever run; `ran` lists what would have.
import type { Tool } from '../../src/core/tools/tool.js';

export function recordingBash(ran: string[]): Tool<{ command: string; timeout_ms?: number }> {
  return {
    name: 'bash',
    description: 'records commands',
    readOnly: false,
    inputSchema: { type: 'object', properties: { command: { type: 'string' }, timeout_ms: { type: 'integer' } }, required: ['command'] },
    async execute(input) {
      ran.push(input.command);
      return { content: `ran ${input.command}`, isError: false };
    },
  };
}
