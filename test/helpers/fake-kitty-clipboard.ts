// The terminal's side of kitty's clipboard protocol (OSC 5522), as kitty answers: for tests that
// play the terminal. Finds our requests in what the app wrote (tmux-wrapped or not) and builds the
// reply bytes: the mode report, OK, the data of each asked-for type the clipboard holds in chunks of
// at most 4096 bytes (each chunk base64 on its own), DONE; or an error code instead of OK.
const ST = '\x1b\\';

/** Takes tmux's passthrough wrapping off (`ESC P tmux; … ESC \`, inner ESCs doubled). */
export function unwrapTmux(written: string): string {
  return written.replace(/\x1bPtmux;((?:[^\x1b]|\x1b\x1b)*)\x1b\\/g, (_, inner: string) => inner.replace(/\x1b\x1b/g, '\x1b'));
}

/** Whether the app asked if the terminal speaks the protocol (DECRQM 5522). */
export function askedForSupport(written: string): boolean {
  return unwrapTmux(written).includes('\x1b[?5522$p');
}

export interface ReadRequestSeen {
  id: string | undefined;
  name: string | undefined;
  mimes: string[];
}

/** Every read request in `written`, in order. */
export function readRequests(written: string): ReadRequestSeen[] {
  const out: ReadRequestSeen[] = [];
  for (const m of unwrapTmux(written).matchAll(/\x1b\]5522;([^;\x1b]*);([A-Za-z0-9+/=]*)\x1b\\/g)) {
    // Split at the first '=' only: base64 values end in '=' padding.
    const meta = new Map(m[1]!.split(':').map((kv): [string, string] => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
    if (meta.get('type') !== 'read') continue;
    const name = meta.get('name');
    out.push({
      id: meta.get('id'),
      name: name === undefined ? undefined : Buffer.from(name, 'base64').toString('utf8'),
      mimes: Buffer.from(m[2]!, 'base64').toString('utf8').split(' ').filter(Boolean),
    });
  }
  return out;
}

/** The mode report a terminal sends for DECRQM 5522 (2: known, reset; 0: unknown). */
export const modeReport = (known: boolean) => `\x1b[?5522;${known ? 2 : 0}$y`;

const packet = (meta: string, payload?: Buffer) => `\x1b]5522;type=read:${meta}${payload ? `;${payload.toString('base64')}` : ''}${ST}`;

/**
 * kitty's answer to `req`: `error` (EPERM, EBUSY, ENOSYS) instead of the data, else OK, every
 * asked-for type the clipboard holds, DONE. One string per packet.
 */
export function kittyReplies(req: ReadRequestSeen, clipboard: Record<string, Buffer>, error?: string): string[] {
  const id = req.id === undefined ? '' : `:id=${req.id}`;
  if (error) return [packet(`status=${error}${id}`)];
  const out = [packet(`status=OK${id}`)];
  for (const mime of req.mimes) {
    const data = clipboard[mime];
    if (!data) continue;
    const mimeMeta = `:mime=${Buffer.from(mime).toString('base64')}`;
    for (let at = 0; at < data.length; at += 4096) out.push(packet(`status=DATA${id}${mimeMeta}`, data.subarray(at, at + 4096)));
  }
  out.push(packet(`status=DONE${id}`));
  return out;
}
