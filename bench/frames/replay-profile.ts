// A CPU profile of one stretch of a bench (node:inspector, in this process), written to a file and
// ranked: the functions by self time, the project's own by total time, and the time per package.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { rankingTable, rankProfile } from './cpu-profile.js';

export async function profileReplay(file: string, run: () => Promise<void>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
  }
  const r = rankProfile(file, 25);
  console.log(`profile ${file}: busy ${r.busyMs.toFixed(0)} ms of ${r.totalMs.toFixed(0)} ms`);
  console.log(rankingTable(r.top));
  console.log(rankingTable(r.ownTotal, 'total ms'));
  console.log(rankingTable(r.byPackage, 'self ms', 'package'));
}
