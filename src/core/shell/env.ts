// The environment a command runs with: the person's, minus secrets, plus settings that keep
// pagers and prompts from hanging the agent.

/** Keys inkling itself may hold; never visible to a command whatever the session says. */
export const BUILTIN_SECRET_ENV_NAMES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY'] as const;

/** Values shorter than this are too likely to collide with ordinary values to be scrubbed by value. */
const MIN_SECRET_VALUE_LENGTH = 8;

export function commandEnv(
  base: NodeJS.ProcessEnv,
  secretNames: Iterable<string>,
  extra: Record<string, string> = {},
): Record<string, string> {
  const secrets = new Set<string>([...BUILTIN_SECRET_ENV_NAMES, ...secretNames]);
  const secretValues = new Set<string>();
  for (const name of secrets) {
    const value = base[name];
    if (value !== undefined && value.length >= MIN_SECRET_VALUE_LENGTH) secretValues.add(value);
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || secrets.has(name)) continue;
    // A key copied under another name (e.g. by a wrapper script) is still the key.
    if (secretValues.has(value)) continue;
    env[name] = value;
  }
  // The pty's size is the truth; inherited COLUMNS/LINES would override it for some programs.
  delete env.COLUMNS;
  delete env.LINES;
  return {
    ...env,
    TERM: 'xterm-256color',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    // `git commit` without -m (or a rebase) would open an editor nobody is watching until the
    // timeout; with `true` as the editor git fails at once with a message the model can act on.
    GIT_EDITOR: 'true',
    ...extra,
  };
}
