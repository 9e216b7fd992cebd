// Makes a history the API will accept, whatever happened before (interrupt, crash, max_tokens):
// every tool_use gets a tool_result in the very next user message, in order; thinking cut before
// its signature is dropped; orphaned results and empty messages go; same-role neighbours merge.
import type { AssistantBlock, Message, ToolResultBlock, UserBlock } from './conversation.js';

export const MISSING_RESULT = 'This tool call did not complete (interrupted or failed before producing a result).';

export function repairHistory(input: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < input.length; i++) {
    const msg = input[i]!;
    if (msg.role === 'assistant') {
      const content = msg.content.filter(keepAssistantBlock);
      if (content.length === 0) continue;
      pushMerged(out, { role: 'assistant', content });
      const uses = content.filter((b) => b.type === 'tool_use');
      if (uses.length === 0) continue;
      const next = input[i + 1];
      const given = new Map<string, ToolResultBlock>();
      const rest: UserBlock[] = [];
      if (next?.role === 'user') {
        for (const b of next.content) {
          if (b.type === 'tool_result') given.set(b.tool_use_id, b);
          else rest.push(b);
        }
        i++; // consumed
      }
      const results: ToolResultBlock[] = uses.map(
        (u) => given.get(u.id) ?? { type: 'tool_result', tool_use_id: u.id, content: MISSING_RESULT, is_error: true },
      );
      out.push({ role: 'user', content: [...results, ...rest] });
    } else {
      // tool_results here have no tool_use right before them: drop them.
      const content = msg.content.filter((b) => b.type !== 'tool_result');
      if (content.length === 0) continue;
      pushMerged(out, { role: 'user', content });
    }
  }
  return out;
}

function keepAssistantBlock(block: AssistantBlock): boolean {
  if (block.type === 'thinking') return block.signature.length > 0;
  if (block.type === 'text') return block.text.length > 0;
  return true;
}

function pushMerged(out: Message[], msg: Message): void {
  const last = out[out.length - 1];
  if (last && last.role === msg.role) {
    if (last.role === 'user' && msg.role === 'user') last.content = [...last.content, ...msg.content];
    else if (last.role === 'assistant' && msg.role === 'assistant') last.content = [...last.content, ...msg.content];
    return;
  }
  out.push(msg.role === 'user' ? { role: 'user', content: [...msg.content] } : { role: 'assistant', content: [...msg.content] });
}
