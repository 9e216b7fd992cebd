// What the UI gets for a read_file call (beside read_file.ts; a file of its own so the details
// union in details.ts does not import the tool, which imports tool.ts, which imports the union).
export interface ReadDetails {
  kind: 'read';
  path: string;
  startLine: number;
  endLine: number;
  totalLines: number;
  more: boolean;
  /** Other hard links to the same file, which may be outside the workspace (absent when none). */
  otherNames?: number;
  /** Set when the file was an image, sent to the model as one. */
  image?: { width: number; height: number; bytes: number };
}
