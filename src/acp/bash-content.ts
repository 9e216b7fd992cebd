// A bash call's output as ACP tool-call content: while it runs, the rendered screen's lines (the
// last ones, as the TUI's pane shows them), sent at most every THROTTLE_MS; when it ends, the text
// the model got (head and tail of the output, how it ended) and the full log's path. The editor's
// own terminal (terminal/create) is never used: the command runs in inkling's sandbox and ledger.
import stripAnsi from 'strip-ansi';
import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { BashDetails } from '../core/tools/bash-details.js';
import { toSafeText } from '../core/text/safe-text.js';

/** At most this often per call (the TUI's pane redraws about as often). */
export const THROTTLE_MS = 200;
/** Lines of the screen a running update carries. */
const LIVE_LINES = 60;

export function textContent(text: string): ToolCallContent {
  return { type: 'content', content: { type: 'text', text } };
}

/** The rendered lines without colours, control characters made visible. */
function screenText(details: BashDetails): string {
  const lines = details.snapshot.lines.slice(-LIVE_LINES).map((line) => toSafeText(stripAnsi(line)).trimEnd());
  const earlier = details.snapshot.totalLines - lines.length;
  return [...(earlier > 0 ? [`… ${earlier} earlier lines`] : []), ...lines].join('\n');
}

/** One call's throttled stream of screens: `push` each snapshot, `finish` with the result. */
export class BashContentStream {
  private pending: BashDetails | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private lastText = '';

  constructor(private readonly send: (content: ToolCallContent[]) => void) {}

  push(details: BashDetails): void {
    this.pending = details;
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + THROTTLE_MS - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = undefined;
    const details = this.pending;
    this.pending = undefined;
    if (!details) return;
    const text = screenText(details);
    if (text === this.lastText) return;
    this.lastText = text;
    this.lastSent = Date.now();
    this.send([textContent(text)]);
  }

  /** The final content: what the model was told, then where the whole output is. */
  finish(resultText: string, details: BashDetails | undefined): ToolCallContent[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    const log = details?.logPath ? `\nFull output: ${details.logPath}` : '';
    return [textContent(`${toSafeText(stripAnsi(resultText))}${log}`)];
  }
}
