// Settings problems and the untrusted-workspace summary as lines a person reads once: on
// stderr for -p, as notices in the TUI.
import type { TrustReport } from '../core/config/resolve.js';
import type { SettingsReport } from './config.js';

export function settingsNotices(report: SettingsReport, how: 'print' | 'interactive'): string[] {
  const lines = report.diagnostics.map((d) => (d.severity === 'warning' ? `warning: ${d.message}` : d.message));
  const trust = trustNotice(report.trust, how);
  if (trust) lines.push(trust);
  return lines;
}

export function trustNotice(trust: TrustReport, how: 'print' | 'interactive'): string | undefined {
  if (trust.problem) return `${trust.problem}`;
  if (trust.trusted || trust.ignored.length === 0) return undefined;
  const byFile = new Map<string, string[]>();
  for (const item of trust.ignored) byFile.set(item.file, [...(byFile.get(item.file) ?? []), item.key]);
  const what = [...byFile].map(([file, keys]) => `${keys.join(', ')} (${file})`).join('; ');
  const fix = how === 'print' ? 'rerun with --trust-workspace, or trust it once with "inkling config trust"' : 'trust it with "inkling config trust" or start with --trust-workspace';
  return `this workspace is not trusted, so its files may only tighten settings: ignored ${what}. To apply them, ${fix}`;
}
