// What the command's terminal watches for in the byte stream besides drawing: the sentinel that
// says the command ended (with its exit code), a full reset (ESC c) and an erased scrollback
// (ESC[3J, sent by `clear`), after which the rows taken so far no longer line up with the buffer.
import type { Terminal } from '@xterm/headless';
import { SENTINEL_OSC, parseSentinel } from './sentinel.js';

export interface ParserHooks {
  nonce: string;
  onSentinel(exitCode: number): void;
  /** The buffers were replaced: no scrollback, nothing on screen taken. */
  onReset(): void;
  /** The normal buffer's scrollback was erased (every row in it was taken already). */
  onScrollbackErased(): void;
}

export function registerParserHooks(term: Terminal, hooks: ParserHooks): void {
  term.parser.registerOscHandler(SENTINEL_OSC, (payload) => {
    const rc = parseSentinel(payload, hooks.nonce);
    if (rc === null) return false;
    hooks.onSentinel(rc);
    return true;
  });
  term.parser.registerEscHandler({ final: 'c' }, () => {
    hooks.onReset();
    return false;
  });
  term.parser.registerCsiHandler({ final: 'J' }, (params) => {
    if (params[0] === 3 && term.buffer.active.type === 'normal') hooks.onScrollbackErased();
    return false;
  });
}
