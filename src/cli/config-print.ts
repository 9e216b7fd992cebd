// `inkling config`: the resolved settings, one value a line with where it came from, secrets
// hidden; the files read and their state; problems; the workspace's trust.
import type { SettingsResolution } from '../core/config/resolve.js';
import { DEFAULT_NOTES } from '../core/config/defaults.js';
import { isPlainObject, parseKeyPath, valueAt } from '../core/config/key-paths.js';
import { trustNotice } from './settings-notices.js';

export const HIDDEN = '<hidden>';
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE/i;

const maskMap = (map: unknown, all: boolean) =>
  isPlainObject(map) ? Object.fromEntries(Object.entries(map).map(([k, v]) => [k, all || SECRET_NAME.test(k) ? HIDDEN : v])) : map;

/**
 * A copy of the settings with secrets replaced by <hidden>: env values with secret-looking
 * names, MCP servers' env values likewise and all their header values (Authorization and API
 * keys more often than not), and a password inside the base URL.
 */
export function maskSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(settings);
  if ('env' in out) out.env = maskMap(out.env, false);
  if (isPlainObject(out.mcpServers)) {
    for (const [name, server] of Object.entries(out.mcpServers)) {
      if (!isPlainObject(server)) continue;
      out.mcpServers[name] = { ...server, ...('env' in server ? { env: maskMap(server.env, false) } : {}), ...('headers' in server ? { headers: maskMap(server.headers, true) } : {}) };
    }
  }
  if (typeof out.baseUrl === 'string') out.baseUrl = out.baseUrl.replace(/(\/\/[^/:@]*:)[^@/]*@/, `$1${HIDDEN}@`);
  return out;
}

export function formatValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export function printResolved(r: SettingsResolution): string {
  const lines: string[] = [`Settings for ${r.trust.workspaceRoot}`, ''];
  const usesDotenv = [...r.sources.values()].some((s) => s.layer === 'dotenv') || (r.credentials.from !== undefined && r.credentials.from !== 'env');
  lines.push('Files (highest first):');
  lines.push(...table([['.env', usesDotenv ? 'used' : 'nothing used'], ...[...r.files].reverse().map((f) => [f.display, f.status === 'invalid' ? 'invalid: ignored' : f.status])]));

  lines.push('', 'Workspace trust:');
  if (r.trust.trusted) lines.push(`  trusted${r.trust.reason === 'flag' ? ' for this run (--trust-workspace)' : ` (${r.trust.by})`}`);
  else lines.push(`  ${trustNotice(r.trust, 'print') ?? 'not trusted (its files set nothing that needs trust)'}`);

  const problems = [...r.environmentProblems, ...r.diagnostics];
  if (problems.length > 0) {
    lines.push('', 'Problems:');
    for (const d of problems) lines.push(`  ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`);
  }

  lines.push('', 'Settings:');
  const masked = maskSettings(r.settings as unknown as Record<string, unknown>);
  const rows: string[][] = [];
  for (const key of ['model', 'baseUrl', 'maxTokens']) {
    if (!r.sources.has(key)) rows.push([key, '(not set)', DEFAULT_NOTES[key] ?? '']);
  }
  for (const [path, source] of r.sources) rows.push([path, formatValue(valueAt(masked, parseKeyPath(path) ?? [path])), source.label]);
  rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  lines.push(...table(rows));

  lines.push('', 'Credentials:');
  if (r.credentials.name === null) lines.push('  none needed for this provider');
  else lines.push(...table([[r.credentials.name, r.credentials.value ? HIDDEN : '(not set)', r.credentials.from ?? '']]));
  return `${lines.join('\n')}\n`;
}

function table(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows.map((row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]! + 2))).join('')}`.trimEnd());
}
