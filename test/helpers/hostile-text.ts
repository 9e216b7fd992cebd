// Hostile strings for the terminal-safety tests: each would make a terminal act (write the
// clipboard, set the title, switch screens, report back as typed input) or hide text, if it
// reached the terminal as it is.
export const HOSTILE: Readonly<Record<string, string>> = {
  osc0Bel: 'title\x1b]0;pwned\x07after-osc0',
  osc2St: 'title\x1b]2;pwned\x1b\\after-osc2',
  osc8Link: '\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\',
  osc52Bel: 'clip\x1b]52;c;SGVsbG8=\x07after-osc52',
  osc52St: 'clip\x1b]52;p;SGVsbG8=\x1b\\after-osc52st',
  dcs: 'dcs\x1bP1$qm\x1b\\after-dcs',
  dcsTmuxPassthrough: 'tmux\x1bPtmux;\x1b\x1b]52;c;SGVsbG8=\x07\x1b\\after-passthrough',
  apc: 'apc\x1b_Gf=100;AAAA\x1b\\after-apc',
  pm: 'pm\x1b^private\x1b\\after-pm',
  sos: 'sos\x1bXstring\x1b\\after-sos',
  c1Osc: 'c1\u009d52;c;SGVsbG8=\u0007after-c1osc',
  c1Csi: 'c1\u009b2Jafter-c1csi',
  c1Dcs: 'c1\u0090qm\u009cafter-c1dcs',
  csiPrivate: 'csi\x1b[?1049l\x1b[?25l\x1b[2J\x1b[21tafter-csi',
  loneEsc: 'lone escape at the end\x1b',
  overwrite: 'rm -rf ~/important \r# nothing to see',
  bidi: 'invoice\u202efdp.exe',
};

/** A sequence split across two stream deltas: ESC ends the first, the rest starts the second. */
export const SPLIT_DELTAS: readonly [string, string] = ['split \x1b', ']52;c;SGVsbG8=\x07after-split'];

/**
 * The control sequences and characters in terminal output that inkling must never send on
 * outside text's behalf: OSC, DCS, APC, PM and SOS strings, 8-bit C1 controls, bidi overrides,
 * window operations (CSI … t) and reports (CSI … n, CSI … c). Returns what it found.
 */
export function unsafeSequences(output: string): string[] {
  const found: string[] = [];
  const re = /\x1b[\]P_^X][^\x07\x1b]{0,40}|[\u0080-\u009f]|[\u202a-\u202e\u2066-\u2069]|\x1b\[[0-9;?]*[tnc]/g;
  for (const m of output.matchAll(re)) found.push(JSON.stringify(m[0]));
  return found;
}
