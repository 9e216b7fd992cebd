// What an MCP server adds to a typed prompt before the model sees it: /mcp__server__prompt becomes
// the server's prompt text (prompts/get), and each @server:uri mention gets the resource's contents
// attached after the prompt (its images after the prompt's text), so the model reads what the
// person pointed at.
import type { ImageBlock } from '../conversation.js';
import type { McpServers } from './mcp-servers.js';
import { parsePromptCommand, promptArguments, promptMessagesText } from './prompt-commands.js';
import { formatResourceContents } from './resource-content.js';

export type Expansion = { ok: true; prompt: string; notices: string[]; images: ImageBlock[] } | { ok: false; problem: string };

/** @server:uri where server is a configured server's name; a URI runs to the next space. */
export function resourceMentions(text: string, serverNames: readonly string[]): { server: string; uri: string }[] {
  const out: { server: string; uri: string }[] = [];
  const re = /(?:^|\s)@([A-Za-z0-9_-]+):(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!serverNames.includes(m[1]!)) continue;
    // A sentence's full stop or comma after the mention is not part of the URI.
    const uri = m[2]!.replace(/[.,;:!?)]+$/, '');
    if (!out.some((o) => o.server === m![1] && o.uri === uri)) out.push({ server: m[1]!, uri });
  }
  return out;
}

export async function expandPrompt(servers: McpServers, text: string, signal?: AbortSignal): Promise<Expansion> {
  const controller = signal ?? new AbortController().signal;
  let prompt = text;
  const notices: string[] = [];
  const command = parsePromptCommand(text);
  if (command) {
    const found = servers.connectionOf(command.server);
    if (typeof found === 'string') return { ok: false, problem: `/mcp__${command.server}__${command.prompt}: ${found}` };
    const declared = found.connection.catalog.prompts.find((p) => p.name === command.prompt);
    if (!declared) return { ok: false, problem: `MCP server ${command.server} has no prompt named ${command.prompt}` };
    const args = promptArguments(declared, command.args);
    if (!args.ok) return { ok: false, problem: args.problem };
    try {
      const messages = await found.connection.getPrompt(declared.name, args.args, { signal: controller, timeoutMs: servers.toolTimeout });
      prompt = found.redact(promptMessagesText(messages)) || text;
    } catch (err) {
      return { ok: false, problem: found.redact(err instanceof Error ? err.message : String(err)) };
    }
  }
  const names = servers.servers().map((s) => s.name);
  const attached: string[] = [];
  const images: ImageBlock[] = [];
  for (const { server, uri } of resourceMentions(prompt, names)) {
    const found = servers.connectionOf(server);
    if (typeof found === 'string') {
      notices.push(`@${server}:${uri} not attached: ${found}`);
      continue;
    }
    try {
      const contents = await found.connection.readResource(uri, { signal: controller, timeoutMs: servers.toolTimeout });
      const formatted = formatResourceContents(contents);
      attached.push(`<mcp-resource server="${server}" uri="${uri}">\n${found.redact(formatted.text)}\n</mcp-resource>`);
      images.push(...formatted.images);
      notices.push(`attached @${server}:${uri} (${formatted.summaries.length} part${formatted.summaries.length === 1 ? '' : 's'})`);
    } catch (err) {
      notices.push(`@${server}:${uri} not attached: ${found.redact(err instanceof Error ? err.message : String(err))}`);
    }
  }
  if (attached.length > 0) prompt = `${prompt}\n\n${attached.join('\n\n')}`;
  return { ok: true, prompt, notices, images };
}
