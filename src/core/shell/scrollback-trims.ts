// Counts the rows the emulator trims from the top of its scrollback (xterm says nothing when it
// does): a marker on the newest scrollback row moves up one line per trimmed line.
import type { IMarker, Terminal } from '@xterm/headless';

export class ScrollbackTrims {
  private probe: IMarker | undefined;
  private probeLine = 0;

  constructor(private readonly term: Terminal) {}

  /** Rows trimmed since the probe was placed or last counted. */
  count(): number {
    return this.probe && !this.probe.isDisposed ? this.probeLine - this.probe.line : 0;
  }

  /**
   * Keeps the probe on the newest scrollback row, where only trims move it: on the screen, lines
   * inserted or deleted (CSI L / CSI M) would move it too and be miscounted as trims.
   */
  place(): void {
    if (!this.probe || this.probe.isDisposed || this.probe.line < 16) {
      this.drop();
      const normal = this.term.buffer.normal;
      if (normal.baseY < 1) return; // no scrollback yet, so nothing can be trimmed
      this.probe = this.term.registerMarker(-normal.cursorY - 1);
    }
    this.probeLine = this.probe?.line ?? 0;
  }

  /** The buffer changed under the probe (reset, erase, reflow, the end of plain text): placed again when needed. */
  drop(): void {
    this.probe?.dispose();
    this.probe = undefined;
  }
}
