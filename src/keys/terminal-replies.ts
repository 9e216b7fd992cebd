// Answers the terminal sends on stdin to questions we asked (OSC 11: "what is your background
// colour?"). They are not keys: the key decoder hands each raw input event here first, and what
// this takes never reaches the prompt. Ink splits `ESC ] 11;rgb:… ESC \` into `ESC ]`, the
// text and `ESC \`; a raw decoder may pass the whole reply at once. Both work.

/** Asks for the background colour; the answer is `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` + BEL or ST. */
export const BACKGROUND_QUERY = '\x1b]11;?\x1b\\';

export interface Rgb { r: number; g: number; b: number }

/** `11;rgb:ffff/ffff/ffff` (1–4 hex digits per channel), or `11;#rrggbb`; each channel 0..1. */
export function parseBackgroundReply(body: string): Rgb | null {
  const rgb = /^11;rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?$/i.exec(body);
  if (rgb) {
    const channel = (hex: string) => parseInt(hex, 16) / (16 ** hex.length - 1);
    return { r: channel(rgb[1]!), g: channel(rgb[2]!), b: channel(rgb[3]!) };
  }
  const hash = /^11;#([0-9a-f]{6})$/i.exec(body);
  if (hash) {
    const n = parseInt(hash[1]!, 16);
    return { r: (n >> 16) / 255, g: ((n >> 8) & 0xff) / 255, b: (n & 0xff) / 255 };
  }
  return null;
}

/** Relative luminance (sRGB) above one half: dark text reads better there. */
export function isLightBackground(c: Rgb): boolean {
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b) > 0.5;
}

/** A reply longer than this is not one: what was held back is let go as typed. */
const MAX_REPLY = 128;

export interface ReplyCollector {
  /** Expect an answer now (a question was written); until `expect` runs, every event passes. */
  expect(onReply: (body: string) => void): void;
  /** Stop waiting (the answer did not come in time). */
  giveUp(): void;
  /**
   * One raw input event (as Ink's parser or a raw decoder yields it). True: it belonged to a
   * reply and must not be handled as a key.
   */
  take(raw: string): boolean;
  readonly waiting: boolean;
}

export function createReplyCollector(): ReplyCollector {
  let onReply: ((body: string) => void) | null = null;
  let body: string | null = null;
  const giveUp = () => {
    onReply = null;
    body = null;
  };
  const finish = (text: string) => {
    const done = onReply;
    onReply = null;
    body = null;
    done?.(text);
  };
  return {
    expect(fn) {
      onReply = fn;
      body = null;
    },
    giveUp,
    get waiting() {
      return onReply !== null;
    },
    take(raw) {
      if (!onReply) return false;
      let text = raw;
      if (body === null) {
        if (!text.startsWith('\x1b]')) return false;
        body = '';
        text = text.slice(2);
      }
      // The reply ends with BEL or ST (ESC \), in this event or a later one.
      const end = /\x07|\x1b\\/.exec(text);
      body += end ? text.slice(0, end.index) : text;
      if (end) finish(body);
      else if (body.length > MAX_REPLY) giveUp();
      return true;
    },
  };
}
