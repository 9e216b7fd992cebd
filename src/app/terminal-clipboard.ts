// Ctrl+V through the terminal itself, where it says it can (kitty's OSC 5522; Ghostty ≥ 1.4):
// it works over ssh and needs no clipboard program. After the first frame we ask once whether the
// terminal knows the protocol; on Ctrl+V we ask for the clipboard's image (else its text) and wait
// up to 3 s for each answer (kitty may first ask the person), gathering the data as it streams in,
// at most 20 MB. Inside tmux every request goes through tmux's passthrough, which needs
// `allow-passthrough on`. Where the terminal does not speak it, the local clipboard program reads.
import type { ClipboardContent } from '../store/clipboard-content.js';
import {
  CLIPBOARD_PROTOCOL_QUERY, clipboardReadRequest, createReadAssembler, parseProtocolReport, parseReadPacket, wrapForTmux,
  type ReadAssembler, type ReadFailure, type ReadProgress,
} from '../keys/clipboard-5522.js';
import { CLIPBOARD_IMAGE_TYPES, saveClipboardImage } from './clipboard-image-file.js';

export const CLIPBOARD_WAIT_MS = 3000;
export const CLIPBOARD_MAX_BYTES = 20 * 1024 * 1024;
/** What a read asks for, in the order we want it: any image first, text only without one. */
const ASKED = [...Object.keys(CLIPBOARD_IMAGE_TYPES), 'text/plain'];

export interface TerminalClipboardOptions {
  /** Writes to our terminal. */
  write(data: string): void;
  /** Inside tmux: requests go DCS-wrapped through its passthrough. */
  tmux: boolean;
  scratchDir?: string;
  /** How long each answer is waited for (the first one may wait for a permission dialog). */
  waitMs?: number;
  maxBytes?: number;
}

export interface TerminalClipboard {
  /** Asks whether the terminal speaks OSC 5522 (after the first frame; the answer comes whenever). */
  ask(): void;
  /** A terminal reply: true when it was ours (the mode report or a read's packet) and is used up. */
  take(raw: string): boolean;
  /** Reads through the terminal when it speaks the protocol, else through `local` (the clipboard program). */
  read(local: () => Promise<ClipboardContent>): Promise<ClipboardContent>;
  readonly speaks: boolean | null;
}

/** The status line's text when a read fails (short: the line has room for little more). */
const FAILURES: Record<Exclude<ReadFailure, 'too-big'>, string> = {
  denied: 'nothing pasted: the terminal refused',
  busy: 'nothing pasted: the terminal is busy; Ctrl+V again',
  unavailable: 'nothing pasted: the terminal has no clipboard',
  malformed: "nothing pasted: the terminal's answer was unreadable",
};

const size = (n: number) => (n >= 1 << 20 ? `${Math.round(n / (1 << 20))} MB` : `${Math.round(n / 1024)} KB`);

export function createTerminalClipboard(opts: TerminalClipboardOptions): TerminalClipboard {
  const waitMs = opts.waitMs ?? CLIPBOARD_WAIT_MS;
  const maxBytes = opts.maxBytes ?? CLIPBOARD_MAX_BYTES;
  const send = (seq: string) => opts.write(opts.tmux ? wrapForTmux(seq) : seq);
  let speaks: boolean | null = null;
  let asked = false;
  let reads = 0;
  let current: { id: string; assembler: ReadAssembler; settle(p: ReadProgress | 'timeout'): void; timer: NodeJS.Timeout } | null = null;

  // The whole story of a terminal that does not answer is told once; the status line says it short after.
  let toldWhy = false;

  const outcome = (p: ReadProgress | 'timeout'): ClipboardContent => {
    if (p === 'timeout') {
      return {
        kind: 'none',
        reason: `nothing pasted: no answer from the terminal in ${waitMs / 1000} s`,
        detail: `Ctrl+V asked the terminal for its clipboard (OSC 5522) and had no answer in ${waitMs / 1000} s. kitty asks you first: allow it (or let clipboard_control in kitty.conf allow it), then press Ctrl+V again.`,
      };
    }
    if (p.kind === 'empty') return { kind: 'none', reason: 'nothing to paste: no image or text on the clipboard' };
    if (p.kind === 'failed') {
      if (p.why !== 'too-big') return { kind: 'none', reason: FAILURES[p.why] };
      return { kind: 'none', reason: `nothing pasted: more than ${size(maxBytes)}`, detail: `The clipboard holds more than ${size(maxBytes)}, more than Ctrl+V takes through the terminal: save the image as a file and paste its path.` };
    }
    if (p.kind === 'done' && p.mime in CLIPBOARD_IMAGE_TYPES) return { kind: 'image', file: saveClipboardImage(p.bytes, p.mime, opts.scratchDir) };
    if (p.kind === 'done') {
      const text = p.bytes.toString('utf8');
      return text === '' ? { kind: 'none', reason: 'the clipboard is empty' } : { kind: 'text', text };
    }
    return { kind: 'none', reason: 'nothing pasted' };
  };

  return {
    get speaks() {
      return speaks;
    },
    ask() {
      if (asked) return;
      asked = true;
      send(CLIPBOARD_PROTOCOL_QUERY);
    },
    take(raw) {
      const report = parseProtocolReport(raw);
      if (report !== null) {
        speaks = report;
        return true;
      }
      const packet = parseReadPacket(raw);
      if (!packet) return false;
      // A late answer to a read given up on (or one we did not make) is dropped, never typed.
      if (!current || (packet.id !== undefined && packet.id !== current.id)) return true;
      const progress = current.assembler.push(packet);
      if (progress.kind === 'more') current.timer.refresh();
      else current.settle(progress);
      return true;
    },
    async read(local) {
      if (speaks !== true || current) {
        const got = await local();
        if (got.kind !== 'none' || speaks === true || toldWhy) return got;
        toldWhy = true;
        const tmux = opts.tmux ? '; inside tmux they need `set -g allow-passthrough on`' : '';
        return { ...got, detail: `Ctrl+V: ${got.reason}, and the terminal does not read its clipboard for programs (OSC 5522: kitty and Ghostty ≥ 1.4 do${tmux}). Paste a file's path, or the text, with the terminal's own paste key.` };
      }
      const id = `inkling-${process.pid}-${++reads}`;
      return new Promise<ClipboardContent>((resolve) => {
        const settle = (p: ReadProgress | 'timeout') => {
          clearTimeout(timer);
          current = null;
          try {
            resolve(outcome(p));
          } catch (err) {
            resolve({ kind: 'none', reason: `nothing pasted: ${(err as Error).message}` });
          }
        };
        const timer = setTimeout(() => settle('timeout'), waitMs);
        current = { id, assembler: createReadAssembler(maxBytes), settle, timer };
        send(clipboardReadRequest(ASKED, id));
      });
    },
  };
}
