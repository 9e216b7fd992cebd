// How long the sandbox's search for .env files takes in a folder, and how late a 10 ms timer runs
// meanwhile (the screen, keys and Esc wait as long): node --import tsx bench/env-search-lag.ts [--root DIR]
// (default: the system's temporary folder, often the largest tree at hand).
import os from 'node:os';
import { EnvFileIndex } from '../src/core/shell/env-files.js';

const rootArg = process.argv.indexOf('--root');
const root = rootArg >= 0 ? process.argv[rootArg + 1]! : os.tmpdir();

let last = performance.now();
let late = 0;
const timer = setInterval(() => {
  const now = performance.now();
  late = Math.max(late, now - last - 10);
  last = now;
}, 10);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const index = new EnvFileIndex(root);
let t = performance.now();
const first = await index.search();
const firstMs = performance.now() - t;
await settle();
const firstLate = late;
late = 0;
t = performance.now();
await index.search();
const againMs = performance.now() - t;
await settle();
clearInterval(timer);
console.log(`.env* search of ${root}: ${first.folders} folders, ${first.files.length} files`);
console.log(`  first search ${firstMs.toFixed(0)} ms, a 10 ms timer late by up to ${firstLate.toFixed(0)} ms`);
console.log(`  next search (a later command) ${againMs.toFixed(0)} ms, late by up to ${late.toFixed(0)} ms`);
