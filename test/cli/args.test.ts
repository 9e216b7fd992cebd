import { describe, expect, it } from 'vitest';
import { EXIT, FLAGS, UsageError, helpText, parseArgs, parseCommandLine, parseSubcommandArgs } from '../../src/cli/args.js';

describe('parseArgs', () => {
  it('reads every kind of flag, in both --flag value and --flag=value forms', () => {
    const flags = parseArgs([
      '-p', 'fix the bug',
      '--output-format=json',
      '--model', 'claude-x',
      '--max-tokens', '4096',
      '--thinking=2048',
      '--max-iterations', '7',
      '--cwd', '/tmp',
      '--yolo',
      '--script', 's.json',
    ]);
    expect(flags).toEqual({
      print: 'fix the bug',
      outputFormat: 'json',
      model: 'claude-x',
      maxTokens: 4096,
      thinking: 2048,
      maxIterations: 7,
      cwd: '/tmp',
      yolo: true,
      demo: false,
      script: 's.json',
      help: false,
      version: false,
    });
  });

  it('defaults to no flags and understands the short forms', () => {
    expect(parseArgs([])).toEqual({ yolo: false, demo: false, help: false, version: false });
    expect(parseArgs(['-h']).help).toBe(true);
    expect(parseArgs(['-v']).version).toBe(true);
    expect(parseArgs(['--print', 'x', '--demo'])).toMatchObject({ print: 'x', demo: true });
  });

  it('keeps a prompt that starts with a dash when it is the value of -p', () => {
    expect(parseArgs(['-p', '--explain this flag']).print).toBe('--explain this flag');
  });

  it.each([
    [['--nope'], /unknown option --nope/],
    [['-p', 'x', 'hello'], /unexpected argument "hello".*-p/],
    [['-p', '  '], /non-empty/],
    [['--max-tokens', 'lots'], /--max-tokens must be a positive whole number/],
    [['--max-tokens', '0'], /positive whole number/],
    [['--max-iterations', '2.5'], /positive whole number/],
    [['--output-format', 'xml'], /one of text, json, stream-json/],
    [['--yolo=1'], /takes no value/],
    [['--model', 'a', '--model', 'b'], /more than once/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('session flags', () => {
  it('--resume takes the next word as the id unless it starts with a dash; --resume=<id> too', () => {
    expect(parseArgs(['--resume', '3f2a'])).toMatchObject({ resume: '3f2a' });
    expect(parseArgs(['--resume=3f2a', 'fix', 'it'])).toMatchObject({ resume: '3f2a', prompt: 'fix it' });
    expect(parseArgs(['--resume', '--yolo'])).toMatchObject({ resume: true, yolo: true });
    expect(parseArgs(['--resume'])).toMatchObject({ resume: true });
    expect(parseArgs(['-c'])).toMatchObject({ continue: true });
    expect(parseArgs(['--continue', '-p', 'go'])).toMatchObject({ continue: true, print: 'go' });
  });

  it('refuses --continue with --resume, and an empty --resume=', () => {
    expect(() => parseArgs(['-c', '--resume', 'x'])).toThrow(UsageError);
    expect(() => parseArgs(['--resume='])).toThrow(/non-empty/);
  });
});

describe('parseCommandLine', () => {
  it('takes a first word naming a subcommand as the subcommand, with the rest (global flags too) for it', () => {
    expect(parseCommandLine(['config', 'get', 'model', '--cwd', '/tmp'])).toEqual({ kind: 'subcommand', name: 'config', argv: ['get', 'model', '--cwd', '/tmp'] });
    expect(parseCommandLine(['mcp', 'list'])).toEqual({ kind: 'subcommand', name: 'mcp', argv: ['list'] });
    expect(parseCommandLine(['rewind'])).toEqual({ kind: 'subcommand', name: 'rewind', argv: [] });
  });

  it('takes any other words as the prompt the TUI starts with', () => {
    const line = parseCommandLine(['fix', 'the', 'failing', 'test', '--model', 'm']);
    expect(line).toMatchObject({ kind: 'run', flags: { prompt: 'fix the failing test', model: 'm' } });
    // A subcommand's name later in the line is just a word of the prompt.
    expect(parseCommandLine(['explain', 'config'])).toMatchObject({ kind: 'run', flags: { prompt: 'explain config' } });
    expect(parseCommandLine(['--', '--not-a-flag'])).toMatchObject({ kind: 'run', flags: { prompt: '--not-a-flag' } });
    expect(parseCommandLine([])).toEqual({ kind: 'run', flags: { yolo: false, demo: false, help: false, version: false } });
  });

  it('reads the system prompt and trust flags', () => {
    expect(parseArgs(['--system-prompt', '@p.md', '--append-system-prompt', 'be brief', '--trust-workspace'])).toMatchObject({
      systemPrompt: '@p.md',
      appendSystemPrompt: 'be brief',
      trustWorkspace: true,
    });
  });
});

describe('parseSubcommandArgs', () => {
  it('separates the subcommand\'s own flags, the global flags and the words', () => {
    const own = [{ key: 'local', long: '--local', kind: 'switch', help: '' }] as const;
    const parsed = parseSubcommandArgs(['set', '--local', 'theme', 'dark', '--cwd', 'ws'], own);
    expect(parsed.own).toEqual({ local: true });
    expect(parsed.flags.cwd).toBe('ws');
    expect(parsed.positionals).toEqual(['set', 'theme', 'dark']);
    expect(() => parseSubcommandArgs(['--nope'], own)).toThrow(/unknown option --nope/);
  });
});

describe('helpText', () => {
  it('lists every flag, the environment settings and the exit codes', () => {
    const help = helpText('9.9.9');
    expect(help).toMatch(/^inkling 9\.9\.9/);
    for (const flag of FLAGS) {
      expect(help).toContain(flag.long);
      if (flag.short) expect(help).toContain(`${flag.short}, ${flag.long}`);
    }
    for (const name of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_MODEL', 'INKLING_STREAM_IDLE_TIMEOUT_MS']) {
      expect(help).toContain(name);
    }
    for (const code of Object.values(EXIT)) expect(help).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
  });
});

describe('permission flags', () => {
  it('reads the mode and repeated rule lists, split on commas outside parentheses', () => {
    const flags = parseArgs(['--permission-mode', 'accept-edits', '--allowed-tools', 'bash(git diff:*),edit(src/**)', '--allowed-tools=read', '--disallowed-tools', 'bash(echo a, b)']);
    expect(flags.permissionMode).toBe('accept-edits');
    expect(flags.allowedTools).toEqual(['bash(git diff:*)', 'edit(src/**)', 'read']);
    expect(flags.disallowedTools).toEqual(['bash(echo a, b)']);
  });

  it('refuses an unknown mode, an empty rule list and --yolo with --permission-mode', () => {
    expect(() => parseArgs(['--permission-mode', 'full-auto'])).toThrow('--permission-mode must be one of default, accept-edits, plan, auto, yolo (got "full-auto")');
    expect(() => parseArgs(['--allowed-tools', ' , '])).toThrow('--allowed-tools needs at least one rule');
    expect(() => parseArgs(['--yolo', '--permission-mode', 'plan'])).toThrow(UsageError);
  });
});
