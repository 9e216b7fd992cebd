// The permission pipeline's live half: holds the mode, the rules and this session's remembered
// choices, answers check() for every call, and parks a call that asks until respond() answers it.
// With canAsk false (-p) an ask is answered at once with a denial that says how to allow it.
import type { ApprovalDecision, PermissionMode, RememberOffer } from './approval.js';
import { loadBashParser, type BashParser } from './bash-parser.js';
import { decide, type CallFacts, type PermissionPolicy, type SandboxDecision, type Verdict } from './decide.js';
import { parseRule, type PermissionRule } from './rules.js';
import { inklingHome } from '../config/paths.js';
import { rememberChoice, rememberedChoicesFile } from './remembered-choices.js';
import { staysInside } from './paths.js';
import { ruleNamesHost } from './web-domain.js';

export interface RuleSet {
  allow: PermissionRule[];
  ask: PermissionRule[];
  deny: PermissionRule[];
}

export interface PermissionGateOptions {
  mode: PermissionMode;
  rules: RuleSet;
  protectedPaths?: string[];
  workspaceRoot: string;
  home: string;
  /** False for -p: nobody can answer, so a call that would ask is denied. */
  canAsk: boolean;
  sandbox?: (input: unknown) => SandboxDecision;
  /** The person's remembered choices for this workspace, where "yes, always" goes (default: under $INKLING_HOME/permissions/). */
  rememberedFile?: string;
}

export const DECLINED = 'The person declined this tool call; it was not run.';

/** A command with the usual parts (a loop, a substitution, a pipe, a redirect), only ever checked. */
const WARM_UP_CALL: CallFacts = {
  name: 'bash',
  input: { command: 'for f in $(ls src); do grep -n "x" "src/$f" | head -3 > /dev/null; done && echo ok' },
  readOnly: false,
};

export class PermissionGate {
  private modeNow: PermissionMode;
  private readonly session: PermissionRule[];
  private readonly waiting: Map<string, (d: ApprovalDecision | undefined) => void>;
  private parser: BashParser | undefined;
  private whileActive: () => readonly PermissionRule[] = () => [];

  constructor(
    private readonly opts: PermissionGateOptions,
    shared?: { session: PermissionRule[]; waiting: Map<string, (d: ApprovalDecision | undefined) => void> },
  ) {
    this.modeNow = opts.mode;
    this.session = shared?.session ?? [];
    this.waiting = shared?.waiting ?? new Map();
  }

  /**
   * The gate a child agent's calls go through (core/agents): its own mode, and this gate's rules,
   * remembered choices and waiting calls, so a "don't ask again" covers both and the parent's
   * respond() answers a child's ask.
   */
  forChild(mode: PermissionMode): PermissionGate {
    const child = new PermissionGate({ ...this.opts, mode }, { session: this.session, waiting: this.waiting });
    child.parser = this.parser;
    return child;
  }

  /**
   * Allow rules that apply only while something holds, asked for at every check: the allowed-tools of
   * the skills the conversation holds started. Not a child's (the skill is the parent's).
   */
  setRulesWhileActive(rules: () => readonly PermissionRule[]): void {
    this.whileActive = rules;
  }

  get mode(): PermissionMode {
    return this.modeNow;
  }

  set mode(mode: PermissionMode) {
    this.modeNow = mode;
  }

  get canAsk(): boolean {
    return this.opts.canAsk;
  }

  /** Rules remembered this session, newest last. */
  get remembered(): readonly PermissionRule[] {
    return this.session;
  }

  /** Every rule in force (/permissions), strictest kind first; this session's among the allow rules. */
  rulesInForce(): { kind: keyof RuleSet; rule: PermissionRule }[] {
    const { deny, ask, allow } = this.opts.rules;
    const of = (kind: keyof RuleSet, rules: readonly PermissionRule[]) => rules.map((rule) => ({ kind, rule }));
    return [...of('deny', deny), ...of('ask', ask), ...of('allow', [...allow, ...this.session, ...this.whileActive()])];
  }

  /** Stops applying one rule (the very object rulesInForce gave); false when it is no longer in force. */
  dropRule(kind: keyof RuleSet, rule: PermissionRule): boolean {
    for (const list of kind === 'allow' ? [this.opts.rules.allow, this.session] : [this.opts.rules[kind]]) {
      const at = list.indexOf(rule);
      if (at >= 0) {
        list.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /**
   * Loads the grammar and checks one made-up command with it (decide() is pure), so the first real
   * check neither waits for the load nor runs cold code. A check that comes first shares the load
   * in flight. Never rejects.
   */
  async warmUp(): Promise<void> {
    try {
      this.parser ??= await loadBashParser();
      decide(this.parser, this.policy(), WARM_UP_CALL);
    } catch {
      // check() loads it again and turns the failure into its verdict.
    }
  }

  /** The verdict for one call; -p turns an ask into a deny. Never rejects. */
  async check(call: CallFacts): Promise<Verdict> {
    let verdict: Verdict;
    try {
      this.parser ??= await loadBashParser();
      verdict = decide(this.parser, this.policy(), call);
    } catch (err) {
      verdict = {
        kind: 'ask',
        why: `the permission check failed: ${err instanceof Error ? err.message : String(err)}`,
        headless: 'This call needs approval (the permission check failed), and -p cannot ask: rerun with --yolo.',
      };
    }
    if (verdict.kind === 'ask' && !this.opts.canAsk) return { kind: 'deny', why: verdict.why, message: verdict.headless };
    return verdict;
  }

  /** Whether an allow rule (settings, flags, remembered choices) names this host for web_fetch: the guard lets it be local. */
  namesHost(host: string): boolean {
    return ruleNamesHost(this.opts.rules.allow, host);
  }

  /** Waits for respond(id, …); undefined when `signal` aborts first. */
  waitFor(id: string, signal: AbortSignal): Promise<ApprovalDecision | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const onAbort = () => {
        this.waiting.delete(id);
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, (d) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(id);
        resolve(d);
      });
    });
  }

  /** Answers a waiting call. False when no call `id` waits. */
  respond(id: string, decision: ApprovalDecision): boolean {
    const resolve = this.waiting.get(id);
    if (!resolve) return false;
    resolve(decision);
    return true;
  }

  /** Remembers what a "yes, and don't ask again" / "yes, always" covers; saves the latter. */
  async remember(offer: RememberOffer | undefined, decision: ApprovalDecision): Promise<{ savedTo?: string; saveError?: string }> {
    const covers = decision.kind === 'yes-session' || decision.kind === 'yes-always' || (decision.kind === 'yes' && offer?.onYes === true);
    if (!offer || !covers) return {};
    const parsed = parseRule(offer.rule, decision.kind === 'yes-always' ? 'your remembered choices' : 'this session');
    if (parsed.ok) this.session.push(parsed.rule);
    if (decision.kind !== 'yes-always') return {};
    const file = this.opts.rememberedFile ?? rememberedChoicesFile(inklingHome(process.env), this.opts.workspaceRoot);
    try {
      const result = await rememberChoice(file, offer.rule);
      return 'savedTo' in result ? { savedTo: result.savedTo } : { saveError: result.error };
    } catch (err) {
      return { saveError: err instanceof Error ? err.message : String(err) };
    }
  }

  private policy(): PermissionPolicy {
    return {
      mode: this.modeNow,
      ...this.opts.rules,
      allow: [...this.opts.rules.allow, ...this.whileActive()],
      session: this.session,
      protectedPaths: this.opts.protectedPaths ?? [],
      workspaceRoot: this.opts.workspaceRoot,
      home: this.opts.home,
      ...(this.opts.sandbox ? { sandbox: this.opts.sandbox } : {}),
      realInside: (rel) => staysInside(this.opts.workspaceRoot, rel),
    };
  }
}

/** Parses rule texts from one source; the ones that do not parse come back as problems. */
export function parseRules(texts: readonly string[], source: string): { rules: PermissionRule[]; problems: string[] } {
  const rules: PermissionRule[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    const r = parseRule(text, source);
    if (r.ok) rules.push(r.rule);
    else problems.push(`${source}: ${r.problem}`);
  }
  return { rules, problems };
}

/** The result of the call the person stopped the turn at, and of the calls after it. */
export const STOPPED = 'The person declined this tool call and stopped the turn; it was not run. Wait for their next message.';
export const NOT_RUN_STOPPED = 'Not run: the person stopped the turn at an earlier call.';

/** The message the model gets when the person says no. */
export function declinedMessage(message: string | undefined): string {
  const said = message?.trim();
  return said ? `${DECLINED} They said: ${said}` : `${DECLINED} Ask them what to do instead, or try something else.`;
}
