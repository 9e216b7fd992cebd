// What the bash tool says about containment is true to the machine: without the supervisor binary
// (node-gyp could not build it) neither the description nor the result claims it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSupervisorPath, supervisorPath } from '../../../src/core/shell/supervisor.js';
import { UNCONTAINED_NOTE, bashDescription, bashTool } from '../../../src/core/tools/bash.js';
import { makeToolContext } from '../../helpers/tool-context.js';

let workspace: string;
const sessionDirs: string[] = [];
beforeAll(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bash-note-')));
});
afterEach(() => setSupervisorPath(undefined));
afterAll(() => {
  fs.rmSync(workspace, { recursive: true, force: true });
  for (const dir of sessionDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function run(command: string) {
  const ctx = makeToolContext({ workspaceRoot: workspace });
  sessionDirs.push(ctx.session.sessionDir);
  return bashTool.execute({ command }, ctx);
}

describe('bash tool: the containment it names', () => {
  it('names the supervisor only when the binary is there', () => {
    expect(supervisorPath()).not.toBeNull(); // npm ci built it on this machine
    expect(bashTool.description).toBe(bashDescription(true));
    expect(bashTool.description).toContain('outside it a supervisor process does');
    setSupervisorPath(null);
    expect(bashTool.description).toBe(bashDescription(false));
    expect(bashTool.description).not.toContain('supervisor');
    expect(bashTool.description).toContain('found by walking /proc');
  });

  it('says in the result that processes may outlive the call when nothing holds them', async () => {
    setSupervisorPath(null);
    const bare = await run('echo bare');
    expect(bare.content).toBe(`bare\n\nExit code: 0\n${UNCONTAINED_NOTE}`);
    setSupervisorPath(undefined);
    const held = await run('echo held');
    expect(held.content).toBe('held\n\nExit code: 0 (supervised)');
  });
});
