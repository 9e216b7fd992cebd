// /status: one notice with what this run is on — model, provider, permission mode, sandbox, the
// workspace's trust, the memory files in the prompt, the MCP servers, the session and its file.
// What is not known yet (the start-up still loading) is said as such, never guessed.
import path from 'node:path';
import type { AppState, AppStore } from './app-store.js';
import { addNotice } from './view-actions.js';

const PENDING = 'still loading';

export function showStatus(store: AppStore): void {
  const s = store.getState();
  const model = s.workspace.modelLabel ?? store.door.send({ type: 'modelName' });
  const session = store.door.send({ type: 'capabilities' }).currentSession;
  addNotice(store, statusText(s, model, session));
}

/** `session`: the id being recorded, undefined before the first prompt writes the file. */
export function statusText(s: Pick<AppState, 'workspace' | 'permission' | 'mcp'>, model: string, session: string | undefined): string {
  const w = s.workspace;
  const facts = w.facts;
  const memory = !w.memoryLoaded
    ? PENDING
    : w.memory.filter((f) => f.inPrompt).map((f) => `${f.displayPath} (${f.bytes} bytes)`).join(', ') || 'none';
  const mcp = s.mcp === null ? 'none configured' : s.mcp.servers.map((m) => `${m.name} (${m.state.status})`).join(', ') || 'none configured';
  const rows: [string, string][] = [
    ['model', model || PENDING],
    ['provider', facts?.provider ?? PENDING],
    ['mode', s.permission.mode ?? 'default'],
    ['sandbox', w.sandbox ?? PENDING],
    ['trust', facts?.trust ?? PENDING],
    ['memory', memory],
    ['MCP', mcp],
    ['session', session ?? 'not recorded yet (the first prompt starts its file)'],
  ];
  if (session && facts) rows.push(['file', path.join(facts.sessionsDir, `${session}.jsonl`)]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return ['status', ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join('\n');
}
