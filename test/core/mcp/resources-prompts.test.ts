// server-everything's resources, templates, prompts and elicitation through inkling's client:
// mcp_read_resource reads a listed resource and fills a template from arguments, an @server:uri
// mention attaches a resource to the prompt, /mcp__everything__args-prompt becomes the server's
// prompt text, and elicitation/create is answered by the elicitor with the schema's defaults (or
// declined when there is none, as -p does).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptForm, defaultValues, formFields } from '../../../src/core/mcp/elicitation.js';
import { McpServers } from '../../../src/core/mcp/mcp-servers.js';
import { expandPrompt } from '../../../src/core/mcp/prompt-expansion.js';
import type { AnyTool } from '../../../src/core/tools/tool.js';
import { everythingStdio } from '../../helpers/mcp-servers.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let mcp: McpServers;

beforeAll(async () => {
  ws = await makeTempWorkspace();
  mcp = new McpServers({
    entries: [everythingStdio()],
    workspaceTrusted: true,
    workspaceRoot: ws.root,
    logDir: path.join(ws.root, '..', 'session'),
    env: process.env,
    secretEnvNames: ['ANTHROPIC_API_KEY'],
    clientVersion: '0.0.0-test',
  });
  mcp.start();
  await mcp.settled(20_000);
}, 30_000);
afterAll(async () => {
  await mcp.close();
  await ws.cleanup();
});

const readTool = (): AnyTool => mcp.tools().find((t) => t.name === 'mcp_read_resource')!;
const ctx = () => makeToolContext({ workspaceRoot: ws.root });

describe('resources', () => {
  it('lists resources and templates in the view, and offers a read-only mcp_read_resource naming them', () => {
    const view = mcp.servers()[0]!;
    expect(view.state).toEqual({ status: 'ready' });
    expect(view.resources.map((r) => r.uri)).toContain('demo://resource/static/document/features.md');
    expect(view.templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
    const tool = readTool();
    expect(tool.readOnly).toBe(true);
    expect(tool.description).toContain('demo://resource/static/document/features.md');
    expect(tool.description).toContain('template demo://resource/dynamic/text/{resourceId}');
  });

  it('reads a listed resource as text', async () => {
    const result = await readTool().execute({ server: 'everything', uri: 'demo://resource/static/document/features.md' }, ctx());
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^\[resource demo:\/\/resource\/static\/document\/features\.md, text\/markdown/);
    expect(result.content.length).toBeGreaterThan(200);
  });

  it('fills a template from its arguments', async () => {
    const result = await readTool().execute({ server: 'everything', uri: 'demo://resource/dynamic/text/{resourceId}', arguments: { resourceId: '7' } }, ctx());
    expect(result.isError).toBe(false);
    expect(result.content).toContain('Resource 7: This is a plaintext resource');
  });

  it('says which argument a template lacks, and which servers exist, without asking the server', async () => {
    const missing = await readTool().execute({ server: 'everything', uri: 'demo://resource/dynamic/text/{resourceId}' }, ctx());
    expect(missing).toMatchObject({ isError: true, content: expect.stringContaining('needs arguments: resourceId') });
    const noServer = await readTool().execute({ server: 'nope', uri: 'x://y' }, ctx());
    expect(noServer).toMatchObject({ isError: true, content: expect.stringContaining('servers with resources: everything') });
  });

  it('summarises a binary resource instead of pasting base64', async () => {
    const result = await readTool().execute({ server: 'everything', uri: 'demo://resource/dynamic/blob/{resourceId}', arguments: { resourceId: '2' } }, ctx());
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/\[binary resource demo:\/\/resource\/dynamic\/blob\/2, .*: not shown as text\]/);
  });

  it('attaches an @server:uri mention to the prompt', async () => {
    const expanded = await expandPrompt(mcp, 'summarise @everything:demo://resource/dynamic/text/3.');
    expect(expanded.ok).toBe(true);
    if (!expanded.ok) return;
    expect(expanded.prompt).toMatch(/^summarise @everything:demo:\/\/resource\/dynamic\/text\/3\.\n\n<mcp-resource server="everything" uri="demo:\/\/resource\/dynamic\/text\/3">\n/);
    expect(expanded.prompt).toContain('Resource 3: This is a plaintext resource');
    expect(expanded.notices).toEqual(['attached @everything:demo://resource/dynamic/text/3 (1 part)']);
    // An address that only looks like a mention (no such server) stays as typed.
    expect(await expandPrompt(mcp, 'mail @bob:home')).toEqual({ ok: true, prompt: 'mail @bob:home', notices: [], images: [] });
  });
});

describe('prompts', () => {
  it('lists the prompts with their declared arguments', () => {
    const prompt = mcp.servers()[0]!.prompts.find((p) => p.name === 'args-prompt');
    expect(prompt).toMatchObject({ arguments: [{ name: 'city', required: true }, { name: 'state', required: false }] });
  });

  it('turns /mcp__everything__args-prompt into the prompt the server returns, by position or by name', async () => {
    expect(await expandPrompt(mcp, '/mcp__everything__args-prompt Paris')).toMatchObject({ ok: true, prompt: "What's weather in Paris?" });
    expect(await expandPrompt(mcp, '/mcp__everything__args-prompt city="New York" state=NY')).toMatchObject({ ok: true, prompt: "What's weather in New York, NY?" });
  });

  it('refuses a missing required argument and an unknown prompt with words that say what to type', async () => {
    expect(await expandPrompt(mcp, '/mcp__everything__args-prompt')).toEqual({ ok: false, problem: 'args-prompt needs city (usage: <city> [state], or name=value)' });
    expect(await expandPrompt(mcp, '/mcp__everything__nope')).toEqual({ ok: false, problem: 'MCP server everything has no prompt named nope' });
  });
});

describe('elicitation', () => {
  const call = async () => {
    const tool = mcp.tools().find((t) => t.name === 'mcp__everything__trigger-elicitation-request')!;
    return tool.execute({}, ctx());
  };

  it('is declined while no one can answer (as in -p)', async () => {
    mcp.setElicitor(undefined);
    const result = await call();
    expect(result.content).toContain('"action": "decline"');
  });

  it('reaches the elicitor as a form whose defaults fill the answer', async () => {
    const asked: string[] = [];
    mcp.setElicitor(async (server, question) => {
      asked.push(`${server}: ${question.message}`);
      const fields = formFields(question.requestedSchema);
      const accepted = acceptForm(fields, { ...defaultValues(fields), name: 'Ada' });
      return accepted.ok ? accepted.answer : { action: 'decline' };
    });
    const result = await call();
    expect(asked).toEqual(['everything: Please provide inputs for the following fields:']);
    expect(result.content).toContain('"action": "accept"');
    expect(result.content).toContain('"firstLine": "It was a dark and stormy night."');
    expect(result.content).toContain('"integer": 42');
    expect(result.content).toContain('"name": "Ada"');
    mcp.setElicitor(undefined);
  });
});
