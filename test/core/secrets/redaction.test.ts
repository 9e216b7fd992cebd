// A key printed in any of the encodings a command can produce never reaches the model, the UI or
// the log on disk; and the log is redacted even when the key is split across its writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED, createRedactor, streamRedactor } from '../../../src/core/redact.js';
import { OutputLog } from '../../../src/core/shell/output-log.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { makeToolContext } from '../../helpers/tool-context.js';

const KEY = 'sk-ant-test-Q7vLm2Xp9RkT4wZb8NcY';
const redact = createRedactor([KEY]);
const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-redact-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('redaction of encoded keys', () => {
  const forms: [string, string][] = [
    ['literal', `key=${KEY};`],
    ['upper case', KEY.toUpperCase()],
    ['lower case', KEY.toLowerCase()],
    ['reversed', [...KEY].reverse().join('')],
    ['spaced', [...KEY].join(' ')],
    ['split over lines', `${KEY.slice(0, 10)}\n${KEY.slice(10)}`],
    ['hex', Buffer.from(KEY).toString('hex')],
    ['HEX', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['url-encoded', encodeURIComponent(`${KEY}/`)],
    ['base64', b64(KEY)],
    ['base64 after 1 byte', b64(`x${KEY}`)],
    ['base64 after 2 bytes', b64(`xy${KEY}`)],
    ['base64 of a .env line', b64(`ANTHROPIC_API_KEY=${KEY}\n`)],
    ['base64url', Buffer.from(`?${KEY}`).toString('base64url')],
  ];
  for (const [name, text] of forms) {
    it(`removes the ${name} form`, () => {
      const out = redact(`before ${text} after`);
      expect(out).toContain(REDACTED);
      expect(out.startsWith('before ')).toBe(true);
      // Nothing long enough to rebuild the key is left.
      expect(out).not.toMatch(/Q7vLm2|UTd2TG0y|51374c4d|Yb[Zz]w4/i);
    });
  }

  it('leaves ordinary text alone', () => {
    const text = 'npm test passed: 42 files, sk- prefix alone is not a key';
    expect(redact(text)).toBe(text);
  });

  it('allows up to two blanks between characters, not three, and finds a key after near misses', () => {
    const twoBlanks = [...KEY].join(' \n');
    expect(redact(`a ${twoBlanks} b`)).toBe(`a ${REDACTED} b`);
    const threeBlanks = `${KEY.slice(0, 12)}\n\n\n${KEY.slice(12)}`;
    expect(redact(threeBlanks)).toBe(threeBlanks);
    const nearMisses = 'sk-ant-\n'.repeat(1000);
    expect(redact(`${nearMisses}${KEY}\n`)).toBe(`${nearMisses}${REDACTED}\n`);
  });

  it('finds every form of a key as long as a real one (108 characters), two keys at once', () => {
    const long = 'sk-ant-api03-' + 'Zq8Rw3Tn6Yb1Lk4Vm7Xc0'.repeat(5).slice(0, 95);
    const both = createRedactor([long, KEY]);
    const text = [long, [...long].reverse().join(''), b64(`ab${long}`), Buffer.from(long).toString('hex'), long.toUpperCase(), KEY].join(' | ');
    // Each part is the marker, plus at most the few base64 characters that also encode 'ab' or the end.
    for (const part of both(text).split(' | ')) expect(part.replace(REDACTED, '').length).toBeLessThanOrEqual(6);
    expect(both(text).split(REDACTED).length - 1).toBe(6);
  });

  it('redacts a stream cut in the middle of a key, at every cut', () => {
    const text = `line one\nthe key is ${KEY} and again ${b64(KEY)} end\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const stream = streamRedactor(redact);
      const out = stream.push(text.slice(0, cut)) + stream.push(text.slice(cut)) + stream.end();
      expect(out, `cut at ${cut}`).toBe(redact(text));
    }
  });

  it('writes the log redacted, even when the key is split across flushes', () => {
    const file = path.join(dir, 'split.log');
    const log = new OutputLog(file, undefined, redact);
    log.append(`start ${KEY.slice(0, 12)}`);
    log.flush();
    log.append(`${KEY.slice(12)} middle`);
    log.flush();
    log.append(` ${b64(KEY)}\n`);
    log.close();
    const written = fs.readFileSync(file, 'utf8');
    // base64's last characters also depend on what follows the key: up to two of them may stay.
    expect(written).toMatch(/^start \[redacted\] middle \[redacted\]\S{0,3}\n$/);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
  });
});

describe('a command that prints the key in every encoding', () => {
  // The model's copy goes through the loop's redactor (the forms above); the log is the tool's own.
  it('leaves it out of the log on disk', async () => {
    const ctx = makeToolContext({ workspaceRoot: dir });
    ctx.session.redact = redact;
    const command = [
      `k='${KEY}'`,
      'echo "$k"',
      'printf %s "$k" | base64',
      'printf %s "$k" | rev',
      'printf %s "$k" | tr a-z A-Z',
      'printf %s "$k" | xxd -p 2>/dev/null || printf %s "$k" | od -An -tx1 | tr -d " \\n"; echo',
      'printf %s "$k" | sed "s/./& /g"',
    ].join('\n');
    // The key is in the command itself (as a model could write it): shown, but never in the output.
    const r = await bashTool.execute({ command, timeout_ms: 10_000 }, ctx);
    const log = fs.readFileSync((r.details as { logPath: string }).logPath, 'utf8');
    for (const text of [log, redact(r.content)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(b64(KEY).slice(0, 20));
      expect(text.toUpperCase()).not.toContain(KEY.toUpperCase());
      expect(text).not.toContain([...KEY].reverse().join('').slice(0, 12));
      expect(text.split(REDACTED).length - 1).toBeGreaterThanOrEqual(6);
    }
    fs.rmSync(ctx.session.sessionDir, { recursive: true, force: true });
  });
});
