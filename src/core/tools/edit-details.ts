// What the UI gets for an edit_file call (beside edit_file.ts).
export interface EditDetails {
  kind: 'edit';
  path: string;
  /** Unified diff text (no colour). */
  diff: string;
  /** Changed regions, old and new text, for a structured diff view. */
  hunks: { oldStart: number; oldLines: string[]; newStart: number; newLines: string[] }[];
  replacements: number;
  created: boolean;
}
