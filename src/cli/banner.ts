// The few lines that say what inkling is running on: printed when the interactive mode has no
// terminal to start in, and the model line the TUI's header shows.
import { CONNECT_HELP } from '../core/providers/demo-script.js';
import type { InklingConfig } from './config.js';
import { providerLine } from './provider-config.js';

export function modelLine(config: InklingConfig): string {
  const p = config.provider;
  switch (p.kind) {
    case 'demo':
      return p.reason === 'no-key' ? 'demo model (no ANTHROPIC_API_KEY found)' : 'demo model (--demo)';
    case 'script':
      return `scripted responses from ${p.path}`;
    case 'anthropic':
      return p.baseURL ? `${config.model} at ${p.baseURL}` : config.model;
    case 'openai':
      return providerLine(p, config.model);
  }
}

/** The first screen's word on the demo model when no key was found: how to connect a real one. */
export function noKeyNotice(config: InklingConfig): string | null {
  const p = config.provider;
  if (p.kind !== 'demo' || p.reason !== 'no-key') return null;
  return `No API key found, so this is the built-in demo model: its answers are scripted. ${CONNECT_HELP}`;
}

export function bannerLines(config: InklingConfig, version: string): string[] {
  const lines = [`inkling ${version} · ${modelLine(config)} · workspace ${config.workspaceRoot}`];
  if (config.provider.kind === 'demo') {
    lines.push('', 'This is the demo model: its answers are scripted, not written by a language model.', CONNECT_HELP);
  }
  return lines;
}
