// A real workspace and INKLING_HOME in temp folders, with helpers to write the settings files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkSettings, type SettingsRequest } from '../../../src/core/config/resolve.js';
import { recordTrust } from '../../../src/core/config/trust.js';

export interface SettingsFixture {
  home: string;
  ws: string;
  write(rel: 'user' | 'project' | 'local' | 'mcpJson' | 'dotenv', content: unknown): Promise<void>;
  trust(): Promise<void>;
  check(extra?: Partial<SettingsRequest>): ReturnType<typeof checkSettings>;
  cleanup(): Promise<void>;
}

export async function settingsFixture(): Promise<SettingsFixture> {
  const home = await mkdtemp(path.join(tmpdir(), 'inkling-home-'));
  const ws = await mkdtemp(path.join(tmpdir(), 'inkling-ws-'));
  const files = {
    user: path.join(home, 'settings.json'),
    project: path.join(ws, '.inkling', 'settings.json'),
    local: path.join(ws, '.inkling', 'settings.local.json'),
    mcpJson: path.join(ws, '.mcp.json'),
    dotenv: path.join(ws, '.env'),
  };
  return {
    home,
    ws,
    async write(which, content) {
      await mkdir(path.dirname(files[which]), { recursive: true });
      await writeFile(files[which], typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    },
    trust: () => recordTrust(path.join(home, 'trust.json'), ws),
    check: (extra = {}) => checkSettings({ home, workspaceRoot: ws, env: {}, ...extra }),
    async cleanup() {
      await rm(home, { recursive: true, force: true });
      await rm(ws, { recursive: true, force: true });
    },
  };
}
