// The workspace boundary under a real race: a child process flips ws/d between a directory and a
// symlink to the outside while the file tools run against paths under d.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGrepTool, findOnPath } from '../../../src/core/tools/grep_search.js';
import { listFilesTool } from '../../../src/core/tools/list_files.js';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import { writeFileTool } from '../../../src/core/tools/write_file.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

const ATTEMPTS = 200;
// Each rg search spawns a process, which the busy racer slows down: fewer of them.
const SEARCHES = { rg: 25, node: 60 };
const SECRET = 'OUTSIDE-SECRET';

// Flips as fast as it can until the stop file appears, then leaves d as the real directory. A tool
// may create d while it is briefly missing (write_file makes missing parents): such a directory is
// moved aside to made-N, inside the workspace, so the flipping goes on.
const RACER = `
const fs = require('node:fs');
const [ws, stopFile] = process.argv.slice(1);
const d = ws + '/d', real = ws + '/d.real';
const attempt = (f) => { try { f(); return true; } catch { return false; } };
// Each state is held for a random moment, so calls land in every phase of the flip; the directory
// longest, so that some calls get all the way through with it (the test checks some did).
const hold = (us) => { const end = process.hrtime.bigint() + BigInt(Math.round(us * 1000)); while (process.hrtime.bigint() < end); };
let flips = 0, made = 0;
for (;;) {
  if (attempt(() => fs.renameSync(d, real))) {
    attempt(() => fs.symlinkSync('../outside', d));
    hold(Math.random() * 100);
    if (flips === 0) process.stdout.write('racing\\n');
    attempt(() => fs.unlinkSync(d));
  }
  if (!attempt(() => fs.renameSync(real, d))) {
    attempt(() => fs.renameSync(d, ws + '/made-' + ++made));
    attempt(() => fs.renameSync(real, d));
  }
  hold(Math.random() * 400);
  flips++;
  if (flips % 64 === 0 && fs.existsSync(stopFile)) break;
}
process.stdout.write('flips ' + flips + '\\n');
`;

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let racer: ChildProcess | undefined;

beforeEach(async () => {
  ws = await makeTempWorkspace();
  await fs.mkdir(path.join(ws.root, 'd'));
  await fs.writeFile(path.join(ws.root, 'd', 'secret.txt'), 'inside\n');
  await fs.writeFile(path.join(ws.outside, 'secret.txt'), `${SECRET}\n`);
  await fs.writeFile(path.join(ws.outside, 'only-outside.txt'), `${SECRET}\n`);
});

afterEach(async () => {
  if (racer && racer.exitCode === null) {
    racer.kill('SIGKILL');
    await once(racer, 'exit');
  }
  racer = undefined;
  await ws.cleanup();
});

/** Starts the racer and resolves once it has flipped at least once; stop() ends it and gives its flip count. */
async function startRacer(): Promise<{ stop(): Promise<number> }> {
  const stopFile = path.join(path.dirname(ws.root), 'stop-racing');
  const child = spawn(process.execPath, ['-e', RACER, ws.root, stopFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  racer = child;
  let out = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('racing')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`racer exited early (${code}): ${out}`)));
  });
  return {
    async stop() {
      await fs.writeFile(stopFile, '');
      if (child.exitCode === null) await once(child, 'exit');
      return Number(/flips (\d+)/.exec(out)?.[1] ?? 0);
    },
  };
}

describe('the workspace boundary against a racing symlink swap', () => {
  it(`read_file never returns the outside file in ${ATTEMPTS} reads`, async () => {
    const ctx = makeToolContext({ workspaceRoot: ws.root });
    const race = await startRacer();
    const contents: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) contents.push((await readFileTool.execute({ path: 'd/secret.txt' }, ctx)).content);
    const flips = await race.stop();

    expect(flips).toBeGreaterThan(0);
    expect(contents.filter((c) => c.includes(SECRET))).toEqual([]);
    // The race was real: reads landed on both sides of the flip, and the inside ones worked.
    expect(contents.filter((c) => c.includes('inside')).length).toBeGreaterThan(0);
    // Nothing the read-before-write rule trusts points outside.
    for (const key of ctx.session.readFiles.keys()) expect(key.startsWith(ws.root + path.sep)).toBe(true);
  });

  it(`write_file never creates a file outside in ${ATTEMPTS} writes`, async () => {
    const ctx = makeToolContext({ workspaceRoot: ws.root });
    const race = await startRacer();
    const results: boolean[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      results.push(!(await writeFileTool.execute({ path: `d/new-${i}.txt`, content: `file ${i}\n` }, ctx)).isError);
    }
    await race.stop();

    expect((await fs.readdir(ws.outside)).sort()).toEqual(['only-outside.txt', 'secret.txt']);
    expect(await fs.readFile(path.join(ws.outside, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
    // Every write reported as done is inside (in d, or in a d a write created that the racer moved
    // aside), and no temp file was left behind.
    const found: string[] = [];
    for (const dir of (await fs.readdir(ws.root)).filter((n) => n === 'd' || n.startsWith('made-'))) {
      const names = await fs.readdir(path.join(ws.root, dir));
      expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
      found.push(...names.filter((n) => n.startsWith('new-')));
    }
    const written = results.flatMap((ok, i) => (ok ? [`new-${i}.txt`] : []));
    expect(written.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual(written.sort());
  });

  it.each([
    ['rg', (): Promise<string | null> => findOnPath('rg')],
    ['node', (): Promise<string | null> => Promise.resolve(null)],
  ] as const)('grep_search (%s engine) and list_files never show what is outside', async (engine, rg) => {
    const grep = createGrepTool({ rgPath: await rg() });
    const ctx = makeToolContext({ workspaceRoot: ws.root });
    const race = await startRacer();
    const found: string[] = [];
    const sawInside = () => found.some((c) => c.includes('d/secret.txt:1:inside'));
    // Under load the racer can hold d swapped out for a whole batch: go on (up to ten times as many
    // searches) until one search has seen the inside side, so the check below is never vacuous.
    for (let i = 0; i < SEARCHES[engine] || (!sawInside() && i < SEARCHES[engine] * 10); i++) {
      found.push((await grep.execute({ pattern: 'OUTSIDE|inside', path: 'd' }, ctx)).content);
      found.push((await listFilesTool.execute({ path: 'd' }, ctx)).content);
    }
    await race.stop();
    expect(found.filter((c) => c.includes(SECRET) || c.includes('only-outside'))).toEqual([]);
    expect(found.filter((c) => c.includes('d/secret.txt:1:inside')).length).toBeGreaterThan(0);
  });
});
