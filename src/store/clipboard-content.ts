// What Ctrl+V found on the clipboard, as the terminal port hands it to the store: an image (saved as
// a file for its chip), text, or why there is nothing to paste: `reason` short enough for the
// status line, `detail` (when there is more to say: what to do) as a line in the transcript.
export type ClipboardContent =
  | { kind: 'image'; file: string }
  | { kind: 'text'; text: string }
  | { kind: 'none'; reason: string; detail?: string };
