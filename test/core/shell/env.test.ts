import { describe, expect, it } from 'vitest';
import { commandEnv } from '../../../src/core/shell/env.js';
import { bashArgs, parseSentinel } from '../../../src/core/shell/sentinel.js';

describe('commandEnv', () => {
  const base = {
    PATH: '/usr/bin',
    HOME: '/home/p',
    ANTHROPIC_API_KEY: 'sk-test-not-a-secret',
    ANTHROPIC_AUTH_TOKEN: 'tok-test-not-a-secret',
    OPENAI_API_KEY: 'sk-test-openai-not-a-secret',
    FROM_DOTENV: 'dotenv-test-not-a-secret',
    COPY_OF_KEY: 'sk-test-not-a-secret',
    COLUMNS: '200',
    LINES: '60',
    PAGER: 'less',
    SHORT: 'x',
  };

  it('removes API keys, session secrets and copies of their values', () => {
    const env = commandEnv(base, ['FROM_DOTENV']);
    for (const name of ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY', 'FROM_DOTENV', 'COPY_OF_KEY']) {
      expect(env[name], name).toBeUndefined();
    }
    expect(Object.values(env).join('\n')).not.toMatch(/not-a-secret/);
    expect(env.PATH).toBe('/usr/bin');
    expect(env.HOME).toBe('/home/p');
    expect(env.SHORT).toBe('x');
  });

  it('sets the terminal and pager settings and drops inherited sizes', () => {
    const env = commandEnv(base, []);
    expect(env).toMatchObject({ TERM: 'xterm-256color', PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true' });
    expect(env.COLUMNS).toBeUndefined();
    expect(env.LINES).toBeUndefined();
  });
});

describe('sentinel', () => {
  it('parses only its own nonce', () => {
    expect(parseSentinel('inkling-abc;3', 'abc')).toBe(3);
    expect(parseSentinel('inkling-abd;3', 'abc')).toBeNull();
    expect(parseSentinel('inkling-abc;x', 'abc')).toBeNull();
    expect(parseSentinel('something else', 'abc')).toBeNull();
  });

  it('passes the command untouched as an argument of a one-line trap script', () => {
    const args = bashArgs("echo 'it''s'\necho two", 'n1');
    expect(args).toHaveLength(4);
    expect(args.slice(0, 1)).toEqual(['-c']);
    expect(args.slice(2)).toEqual(['bash', "echo 'it''s'\necho two"]);
    expect(args[1]!.startsWith("trap '")).toBe(true);
    expect(args[1]).not.toContain('\n');
  });
});
