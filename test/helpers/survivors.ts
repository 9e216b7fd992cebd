// Finds the `sleep <marker>` processes of background-techniques.ts by their command line, and
// ends them (only those: they are ours by construction).
import fs from 'node:fs';

export function sleepersWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!argv[0]?.endsWith('sleep') || argv[1] !== marker) continue;
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

export function killSleepers(marker: string): void {
  for (const pid of sleepersWith(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Waits (polling) until `check` holds or `ms` passed; returns whether it held. */
export async function within(ms: number, check: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
}
