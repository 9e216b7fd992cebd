// The last line of defence between Ink and the terminal. Outside text is made safe where it
// enters the store (core/text/safe-text.ts); this guard makes sure that whatever a renderer may
// have let slip, what reaches the terminal through Ink's stdout can only draw: colours, cursor
// moves, erasing, and the modes inkling sets. OSC, DCS, APC, PM and SOS strings, 8-bit C1
// controls, bidi overrides, window operations and report requests are dropped (dropped, not
// shown: the row was laid out without them). The exceptions are writes that are exactly one of
// inkling's own: an OSC 52 copy (the person's `y`, written through Ink's stdout by the clipboard
// module) or a bell (an approval waiting).

// One match per thing to judge: a CSI sequence, an ESC string (OSC/DCS/APC/PM/SOS) up to its
// terminator (or the end of the write), any other ESC pair, a C1 string or control, a bidi
// control, or a C0 control other than \n, \r and \t.
const SCAN =
  /\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[\]P_^X][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[^[\]P_^X]?|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|[\x80-\x9f]|[\u202a-\u202e\u2066-\u2069]|[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/g;

const FAST = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
// Something the scan below might drop: an ESC that does not start a plain drawing CSI (digits and
// separators, then one of DRAWING_FINALS), or a control, C1 or bidi character. A frame without one
// (colours, erasing, cursor moves: nearly every frame) passes as it is without being scanned.
const MAYBE_DROPPED = /\x1b(?!\[[\d;:]*[mABCDEFGHJKSTXfd@PLMr])|[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

// CSI finals that only draw: SGR, cursor moves and positions, erasing, scrolling, inserting and
// deleting. Of the modes, only the two Ink sets itself: cursor visibility and synchronized
// output (the alternate screen, mouse and paste modes are written beside Ink, not through it).
const DRAWING_FINALS = /[mABCDEFGHJKSTXfd@PLMr]/;
const INK_MODES = /^\x1b\[\?(?:25|2026)[hl]$/;

/** Exactly one OSC 52 clipboard write (plain, or wrapped for tmux's passthrough). */
const OWN_COPY = /^(?:\x1b\]52;[a-z0-9]*;[A-Za-z0-9+/=]*\x07|\x1bPtmux;\x1b\x1b\]52;[a-z0-9]*;[A-Za-z0-9+/=]*\x07\x1b\\)$/;

function keep(seq: string): boolean {
  if (seq.startsWith('\x1b[')) {
    const final = seq[seq.length - 1]!;
    if (seq.length < 3 || !/[@-~]/.test(final)) return false;
    if (final === 'h' || final === 'l') return INK_MODES.test(seq);
    return DRAWING_FINALS.test(final);
  }
  // ESC 7 / ESC 8 (save and restore the cursor) are drawing too.
  return seq === '\x1b7' || seq === '\x1b8';
}

export interface FrameGuardStats {
  /** Sequences or characters dropped so far: 0 unless a renderer let outside text slip. */
  dropped: number;
}

export function createFrameGuard(): { guard(chunk: string): string; stats: FrameGuardStats } {
  const stats: FrameGuardStats = { dropped: 0 };
  return {
    stats,
    guard(chunk) {
      if (!chunk.includes('\x1b') && !FAST.test(chunk)) return chunk;
      if (!MAYBE_DROPPED.test(chunk)) return chunk;
      if (chunk === '\x07' || OWN_COPY.test(chunk)) return chunk;
      return chunk.replace(SCAN, (seq) => {
        if (keep(seq)) return seq;
        stats.dropped++;
        return '';
      });
    },
  };
}
