// MCP prompts as slash commands, as Claude Code names them: /mcp__<server>__<prompt> args. The
// arguments fill the prompt's declared ones (name=value, or in declared order with the last taking
// the rest); prompts/get's messages become the prompt text the model receives.
import type { ListedPrompt } from './catalog.js';
import { formatResourceContents } from './resource-content.js';

/** `/mcp__server__prompt rest…` split; null when the text is not one (server names hold no "__"). */
export function parsePromptCommand(text: string): { server: string; prompt: string; args: string } | null {
  const m = /^\/mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)__(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? { server: m[1]!, prompt: m[2]!, args: (m[3] ?? '').trim() } : null;
}

export function promptArguments(prompt: ListedPrompt, text: string): { ok: true; args: Record<string, string> } | { ok: false; problem: string } {
  const declared = prompt.arguments;
  const words = splitWords(text);
  const args: Record<string, string> = {};
  const named = words.length > 0 && words.every((w) => /^[^=\s]+=/.test(w) && declared.some((a) => a.name === w.slice(0, w.indexOf('='))));
  if (named) {
    for (const w of words) args[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
  } else if (words.length > 0) {
    if (declared.length === 0) return { ok: false, problem: `${prompt.name} takes no arguments` };
    declared.forEach((a, i) => {
      if (i >= words.length) return;
      // The last declared argument takes the rest of the words.
      args[a.name] = i === declared.length - 1 ? words.slice(i).join(' ') : words[i]!;
    });
  }
  const missing = declared.filter((a) => a.required && !args[a.name]);
  if (missing.length > 0) {
    const usage = declared.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
    return { ok: false, problem: `${prompt.name} needs ${missing.map((a) => a.name).join(', ')} (usage: ${usage}, or name=value)` };
  }
  return { ok: true, args };
}

/** Words split at spaces; "double" or 'single' quotes keep spaces in one word (also after name=). */
function splitWords(text: string): string[] {
  const out: string[] = [];
  const re = /([^\s"'=]+=)?(?:"([^"]*)"|'([^']*)')|\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[2] !== undefined || m[3] !== undefined ? (m[1] ?? '') + (m[2] ?? m[3]!) : m[0]);
  return out;
}

/** prompts/get's messages as one prompt: user text as is, other roles marked, resources inlined. */
export function promptMessagesText(messages: readonly unknown[]): string {
  const parts: string[] = [];
  for (const raw of messages) {
    if (typeof raw !== 'object' || raw === null) continue;
    const m = raw as { role?: unknown; content?: unknown };
    const text = contentText(m.content);
    if (!text) continue;
    parts.push(m.role === 'assistant' ? `[assistant]\n${text}` : text);
  }
  return parts.join('\n\n');
}

function contentText(content: unknown): string {
  if (typeof content !== 'object' || content === null) return '';
  const c = content as Record<string, unknown>;
  if (c.type === 'text' && typeof c.text === 'string') return c.text;
  if (c.type === 'resource') return formatResourceContents([c.resource]).text;
  if (c.type === 'resource_link') return `[resource ${String(c.uri ?? '?')}]`;
  if (c.type === 'image' || c.type === 'audio') return `[${String(c.type)} ${typeof c.mimeType === 'string' ? c.mimeType : ''}: not shown to the model]`;
  return '';
}
