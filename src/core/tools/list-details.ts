// What the UI gets for a list_files call (beside list_files.ts).
export interface ListDetails {
  kind: 'list';
  path: string;
  entries: number;
  truncated: boolean;
}
