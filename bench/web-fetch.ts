// web_fetch on a 5 MB page served on 127.0.0.1 by a child process: the time from the call to the
// result (GET, readability, turndown, the saved file) and the peak RSS over the idle process
// (issue 36: ≤ 2 s, ≤ 150 MB). The page is an article inside navigation, a sidebar and the inline
// scripts and data a modern page carries; `article` makes the whole 5 MB article markup instead.
// Each run is a fresh process (so its peak RSS is the call's own). Run: node --import tsx bench/web-fetch.ts [mixed|article] [runs]
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const kind = (process.argv[2] ?? 'mixed') as 'mixed' | 'article';
const runs = Number(process.argv[3] ?? 3);
const TARGET = 5 * 1024 * 1024;

export function benchPage(shape: 'mixed' | 'article'): string {
  const words = 'parsing tokens grammar tree evaluator node compiler, scanner; buffer ';
  const para = (i: number) => `<p>Paragraph ${i}: ${words.repeat(8)}with a <a href="/ref/${i}">reference</a> and <code>inline()</code>.</p>\n`;
  const code = (i: number) => `<pre><code class="language-ts">function step${i}(x: number) {\n  return x * ${i};\n}</code></pre>\n`;
  const table = (i: number) => `<table><tr><th>name</th><th>value</th></tr><tr><td>row ${i}</td><td>${i}</td></tr></table>\n`;
  const nav = `<header><nav><ul>${Array.from({ length: 400 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('')}</ul></nav></header>`;
  const aside = `<aside class="sidebar">${Array.from({ length: 200 }, (_, i) => `<div class="related"><a href="/post/${i}">Related post ${i}</a></div>`).join('')}</aside>`;
  // Article markup: all of the page, or about a fifth of it beside the scripts and data.
  const articleBytes = shape === 'article' ? TARGET - nav.length - aside.length : Math.floor(TARGET / 5);
  let article = '';
  for (let i = 0; article.length < articleBytes; i++) article += para(i) + (i % 10 === 0 ? code(i) : '') + (i % 25 === 0 ? table(i) : '');
  const head = `<!doctype html><html><head><meta charset="utf-8"><title>Bench page</title>`;
  let scripts = '';
  while (head.length + nav.length + article.length + aside.length + scripts.length < TARGET) {
    scripts += `<script>window.__data=${JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, label: `item ${i}`, tags: ['a', 'b'] })) })};</script>\n`;
  }
  return `${head}${shape === 'mixed' ? scripts : ''}</head><body>${nav}<main><article><h1>Bench article</h1>${article}</article></main>${aside}<footer>footer</footer></body></html>`;
}

if (process.argv[2] === '--serve') {
  // The server child: the page in its memory, not the measured process's.
  const http = await import('node:http');
  const page = Buffer.from(benchPage(process.argv[3] as 'mixed' | 'article'));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length) });
    res.end(page);
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port, bytes: page.length }));
} else if (process.argv[2] === '--measure') {
  // One fresh process per run: its high-water RSS belongs to this call alone (the converters'
  // modules included, as on the real first fetch), then a second, warm call's time.
  const url = process.argv[3]!;
  const idleRss = process.memoryUsage().rss;
  const { createWebFetchTool } = await import('../src/core/tools/web_fetch.js');
  const tool = createWebFetchTool({ hostNamedByRule: (h) => h === '127.0.0.1' });
  const sessionDir = mkdtempSync(join(tmpdir(), 'inkling-bench-web-'));
  const call = async (i: number) => {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const r = await tool.execute({ url }, {
      workspaceRoot: sessionDir, signal: new AbortController().signal, toolCallId: `bench-${i}`,
      session: { readFiles: new Map(), sessionDir, secretEnvNames: new Set() },
      reportOutput: () => {}, attachInput: () => () => {}, paneSize: () => ({ cols: 80, rows: 24 }),
    });
    if (r.isError) throw new Error(r.content);
    const used = process.cpuUsage(cpuStart);
    const d = r.details as { chars?: number; extracted?: string };
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, chars: d.chars ?? 0, extracted: d.extracted ?? '' };
  };
  try {
    const first = await call(0);
    const peakOver = process.resourceUsage().maxRSS * 1024 - idleRss;
    const warm = await call(1);
    process.send!({ first, warm, peakOver, idleRss });
  } finally {
    rmSync(sessionDir, { recursive: true, force: true });
  }
} else {
  const server = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--import', 'tsx'] });
  const { port, bytes } = await new Promise<{ port: number; bytes: number }>((resolve) => server.once('message', (m) => resolve(m as { port: number; bytes: number })));
  type Run = { first: { ms: number; cpuMs: number; chars: number; extracted: string }; warm: { ms: number; cpuMs: number }; peakOver: number; idleRss: number };
  const results: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const child = fork(fileURLToPath(import.meta.url), ['--measure', `http://127.0.0.1:${port}/page`], { execArgv: ['--import', 'tsx'] });
      results.push(await new Promise<Run>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Run));
        child.once('exit', (code) => (code ? reject(new Error(`measuring run exited ${code}`)) : undefined));
      }));
    }
  } finally {
    server.kill();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const { loadavg, availableParallelism } = await import('node:os');
  const f = results[0]!.first;
  console.log(`page: ${kind}, ${(bytes / 1024 / 1024).toFixed(1)} MB of HTML → ${f.chars} characters (${f.extracted}); ${runs} fresh processes`);
  console.log(`first call (loads the converters): median ${median(results.map((r) => r.first.ms)).toFixed(0)} ms, CPU ${median(results.map((r) => r.first.cpuMs)).toFixed(0)} ms`);
  console.log(`warm call: median ${median(results.map((r) => r.warm.ms)).toFixed(0)} ms, CPU ${median(results.map((r) => r.warm.cpuMs)).toFixed(0)} ms`);
  // On a shared machine the wall time waits for other processes; the CPU time is this work's own.
  console.log(`peak RSS over idle during the first call: median ${(median(results.map((r) => r.peakOver)) / 1024 / 1024).toFixed(1)} MB, most ${(Math.max(...results.map((r) => r.peakOver)) / 1024 / 1024).toFixed(1)} MB (idle ${(results[0]!.idleRss / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
}
