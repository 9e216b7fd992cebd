// The permission chain's branch for web_fetch. It runs beside reads for the scheduler, but a GET can
// carry the workspace's secrets out in its URL, so it is not read-only here: a domain no rule covers
// asks once (default, accept-edits, plan and auto alike; a plain yes covers the domain for the
// session), yolo allows, -p denies unless a rule covers the domain.
import type { PermissionMode, RememberOffer } from './approval.js';
import { domainMatches, ruleCoversTool, type PermissionRule } from './rules.js';

/** The part of the policy this branch reads (decide.ts's PermissionPolicy has it all). */
export interface WebPolicy {
  mode: PermissionMode;
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
  session: readonly PermissionRule[];
}

export type WebVerdict =
  | { kind: 'allow'; why: string }
  | { kind: 'deny'; why: string; message: string }
  | { kind: 'ask'; why: string; remember?: RememberOffer; headless: string };

/** The host of a URL as rules name it: lower-case, an IPv6 address without brackets; undefined when it is not a URL. */
export function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

/** Whether a rule covers web_fetch calls to this host (a rule without a specifier covers every host). */
export function webRuleCovers(rule: PermissionRule, host: string): boolean {
  if (!ruleCoversTool(rule, 'web_fetch')) return false;
  return rule.specifier.kind === 'any' || (rule.specifier.kind === 'domain' && domainMatches(rule.specifier, host));
}

/** Whether an allow rule names this host itself (`web_fetch` alone does not): the guard then lets it be a local address. */
export function ruleNamesHost(rules: readonly PermissionRule[], host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return rules.some((r) => ruleCoversTool(r, 'web_fetch') && r.specifier.kind === 'domain' && domainMatches(r.specifier, h));
}

export function decideWebFetch(policy: WebPolicy, input: Record<string, unknown>): WebVerdict {
  const host = hostOf(input.url);
  if (!host) return { kind: 'allow', why: 'not a URL: the tool says so' };
  const matches = (rules: readonly PermissionRule[]) => rules.find((r) => webRuleCovers(r, host));
  const denied = matches(policy.deny);
  if (denied) {
    return { kind: 'deny', why: `deny rule ${denied.text}`, message: `Refused by the permission rule "${denied.text}" (from ${denied.source}). Do not try to get around it; ask the person if it is needed.` };
  }
  const rule = `web_fetch(domain:${host.includes(':') ? `[${host}]` : host})`;
  const asked = matches(policy.ask);
  if (asked) return { kind: 'ask', why: `ask rule ${asked.text}`, headless: `web_fetch of ${host} needs approval (the rule "${asked.text}" asks), and -p cannot ask.` };
  const allowed = matches(policy.allow) ?? matches(policy.session);
  if (allowed) return { kind: 'allow', why: `allowed by ${allowed.text}` };
  if (policy.mode === 'yolo') return { kind: 'allow', why: 'yolo mode' };
  return {
    kind: 'ask',
    why: `a domain not fetched from before: ${host}`,
    remember: { label: `pages on ${host}`, rule, onYes: true },
    headless: `web_fetch of ${host} needs approval: a page is fetched only from a domain the person allowed. Rerun with --allowed-tools '${rule}' or --yolo.`,
  };
}
