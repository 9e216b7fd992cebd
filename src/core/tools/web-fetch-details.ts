// What the UI gets for a web_fetch call (beside web_fetch.ts): what was fetched and what came back.
export interface WebFetchDetails {
  kind: 'web-fetch';
  /** The URL asked for. */
  url: string;
  /** Where the answer came from, after redirects and the https upgrade (absent when nothing came). */
  finalUrl?: string;
  status?: number;
  contentType?: string;
  /** Bytes of the body as received (after decompression). */
  bytes?: number;
  title?: string;
  /** Characters of the whole text (the saved file). */
  chars?: number;
  /** How the text was made: the page's article, its whole body, or the body as sent (text, JSON). */
  extracted?: 'article' | 'whole page' | 'as sent';
  /** The whole text on disk, for the pager. */
  savedTo?: string;
  /** The start of the text, for the expanded card. */
  preview?: string;
  /** Set when the call read on from a character offset. */
  offset?: number;
}
