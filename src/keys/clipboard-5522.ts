// kitty's clipboard protocol (OSC 5522), its reading half: the question whether the terminal
// speaks it (DECRQM for private mode 5522), the read request, and the replies put back together
// as they stream in (OK, DATA…, DONE, or an error instead of OK). Pure: what writes the requests
// and waits for the answers is src/app/terminal-clipboard.ts; the key decoder hands the replies
// over as terminal replies, so none of their bytes ever reaches the prompt.

/** DECRQM for private mode 5522: the answer is `ESC [ ? 5522 ; Ps $ y`. */
export const CLIPBOARD_PROTOCOL_QUERY = '\x1b[?5522$p';

/**
 * The terminal's answer to CLIPBOARD_PROTOCOL_QUERY: true when it knows the mode (Ps 1–4: set,
 * reset, permanently either), false when it says it does not (Ps 0); null for any other reply.
 */
export function parseProtocolReport(raw: string): boolean | null {
  const m = /^\x1b\[\?5522;(\d+)\$y$/.exec(raw);
  if (!m) return null;
  const ps = Number(m[1]);
  return ps >= 1 && ps <= 4;
}

/**
 * tmux's passthrough: the sequence reaches the terminal outside tmux only wrapped in
 * `ESC P tmux; … ESC \` with every ESC inside doubled, and only with `allow-passthrough on`.
 */
export function wrapForTmux(seq: string): string {
  return `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * Asks for the clipboard's data in the first of `mimes` it holds (the terminal sends every one it
 * has, in this order). `id` comes back on every reply; `name` is what kitty's permission
 * dialog calls us.
 */
export function clipboardReadRequest(mimes: readonly string[], id: string, name = 'inkling'): string {
  return `\x1b]5522;type=read:id=${id}:name=${b64(name)};${b64(mimes.join(' '))}\x1b\\`;
}

export interface ReadPacket {
  /** OK, DATA, DONE or an error code (EPERM, EBUSY, ENOSYS, …). */
  status: string;
  id?: string;
  /** DATA: the MIME type the payload belongs to. */
  mime?: string;
  /** DATA: base64 bytes (one chunk). */
  payload: string;
}

/**
 * One OSC 5522 read reply, as the key decoder passes it (`ESC ] 5522;meta;payload` + ST or BEL).
 * Null for anything else, including a malformed 5522 reply.
 */
export function parseReadPacket(raw: string): ReadPacket | null {
  const m = /^\x1b\]5522;([^;\x07\x1b]*)(?:;([^\x07\x1b]*))?(?:\x07|\x1b\\)$/.exec(raw);
  if (!m) return null;
  const meta = new Map<string, string>();
  for (const pair of m[1]!.split(':')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    meta.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const status = meta.get('status');
  if (meta.get('type') !== 'read' || !status) return null;
  const packet: ReadPacket = { status, payload: m[2] ?? '' };
  const id = meta.get('id');
  if (id !== undefined) packet.id = id;
  const mime = meta.get('mime');
  if (mime !== undefined) packet.mime = Buffer.from(mime, 'base64').toString('utf8');
  return packet;
}

export type ReadFailure = 'denied' | 'busy' | 'unavailable' | 'too-big' | 'malformed';

export type ReadProgress =
  | { kind: 'more' }
  /** The first type the terminal sent, whole (what came after it is not needed). */
  | { kind: 'done'; mime: string; bytes: Buffer }
  /** DONE with no data: the clipboard holds none of the types asked for. */
  | { kind: 'empty' }
  | { kind: 'failed'; why: ReadFailure; status?: string };

export interface ReadAssembler {
  /** One reply of this read, in the order it came. After a result other than `more`, the read is over. */
  push(packet: ReadPacket): ReadProgress;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Puts one read's replies together, decoding each DATA chunk as it comes: nothing bigger than
 * `maxBytes` is ever kept. Fail-closed: an error status, a malformed chunk, data before OK or
 * more than `maxBytes` end the read with no partial data.
 */
export function createReadAssembler(maxBytes: number): ReadAssembler {
  let opened = false;
  let mime: string | null = null;
  let chunks: Buffer[] = [];
  let size = 0;
  // A chunk cut inside a base64 quad (terminals pad each chunk; this is for those that do not).
  let carry = '';
  const whole = (): ReadProgress => {
    const rest = carry.length ? Buffer.from(carry, 'base64') : Buffer.alloc(0);
    return { kind: 'done', mime: mime!, bytes: Buffer.concat([...chunks, rest]) };
  };
  return {
    push(p) {
      if (!opened) {
        if (p.status === 'OK') {
          opened = true;
          return { kind: 'more' };
        }
        if (p.status === 'EPERM') return { kind: 'failed', why: 'denied' };
        if (p.status === 'EBUSY') return { kind: 'failed', why: 'busy' };
        if (p.status === 'ENOSYS') return { kind: 'failed', why: 'unavailable' };
        return { kind: 'failed', why: 'malformed', status: p.status };
      }
      if (p.status === 'DONE') return mime === null ? { kind: 'empty' } : whole();
      if (p.status !== 'DATA' || p.mime === undefined) return { kind: 'failed', why: 'malformed', status: p.status };
      if (mime !== null && p.mime !== mime) return whole();
      mime = p.mime;
      if (!BASE64.test(p.payload)) return { kind: 'failed', why: 'malformed' };
      const text = carry + p.payload;
      const cut = text.length - (text.length % 4);
      carry = text.slice(cut);
      const bytes = Buffer.from(text.slice(0, cut), 'base64');
      size += bytes.length;
      if (size > maxBytes) {
        chunks = [];
        return { kind: 'failed', why: 'too-big' };
      }
      chunks.push(bytes);
      return { kind: 'more' };
    },
  };
}
