// Ten ways a command can leave a process running in the background, each starting `sleep <m>`
// where m is a number unique to the run, so a survivor is found by its command line alone
// (whatever its parent, session, process group or environment).

export interface BackgroundTechnique {
  name: string;
  /** Shell text that starts `sleep <marker>` in the background and returns. */
  command(marker: string): string;
}

export const BACKGROUND_TECHNIQUES: readonly BackgroundTechnique[] = [
  { name: '&', command: (m) => `sleep ${m} &` },
  { name: 'nohup &', command: (m) => `nohup sleep ${m} >/dev/null 2>&1 &` },
  { name: 'setsid &', command: (m) => `setsid sleep ${m} &` },
  { name: '(… &) double fork', command: (m) => `(sleep ${m} &)` },
  { name: '& disown', command: (m) => `sleep ${m} & disown` },
  { name: 'trap "" TERM HUP', command: (m) => `sh -c 'trap "" TERM HUP INT; sleep ${m}; :' &` },
  { name: '(setsid env -i sh -c … &)', command: (m) => `(setsid env -i sh -c 'sleep ${m}' &)` },
  { name: 'setsid -f env -i', command: (m) => `setsid -f env -i sleep ${m}` },
  {
    name: 'perl fork+setsid %ENV=()',
    command: (m) => `perl -e 'use POSIX; exit 0 if fork; POSIX::setsid(); %ENV=(); exec "sleep", "${m}"'`,
  },
  {
    name: 'python double fork',
    command: (m) =>
      `python3 -c 'import os; os.fork() and os._exit(0); os.setsid(); os.fork() and os._exit(0); os.execve("/bin/sleep", ["sleep", "${m}"], {})'`,
  },
];

let counter = 0;
/** A sleep duration no other process has: 300.<pid><counter> seconds. */
export function uniqueMarker(): string {
  counter++;
  return `300.${process.pid}${String(counter).padStart(4, '0')}`;
}
