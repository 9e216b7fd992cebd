// /status's words for where requests go and whether the workspace is trusted, from the checked
// settings (the UI knows the model, mode, sandbox, memory and MCP servers itself).
import type { InklingConfig } from './config.js';
import type { Redact } from '../core/redact.js';

export function runFacts(config: InklingConfig, scrub: Redact): { provider: string; trust: string } {
  return { provider: scrub(providerWords(config)), trust: trustWords(config) };
}

function providerWords(config: InklingConfig): string {
  const p = config.provider;
  switch (p.kind) {
    case 'demo': return 'demo model (scripted answers, no API)';
    case 'script': return `scripted responses from ${p.path}`;
    case 'anthropic': return p.baseURL ? `anthropic at ${p.baseURL}` : 'anthropic (api.anthropic.com)';
    case 'openai': return `${p.preset} at ${p.baseURL}`;
  }
}

function trustWords(config: InklingConfig): string {
  const t = config.report?.trust;
  if (!t) return 'unknown';
  if (t.trusted) return t.reason === 'flag' ? 'trusted (--trust-workspace)' : `trusted${t.by && t.by !== t.workspaceRoot ? ` (through ${t.by})` : ''}`;
  if (t.ignored.length === 0) return 'not trusted (its files set nothing that needs trust)';
  return `not trusted: its files only tighten settings (${t.ignored.length} setting${t.ignored.length === 1 ? '' : 's'} left out)`;
}
