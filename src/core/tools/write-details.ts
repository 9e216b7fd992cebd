// What the UI gets for a write_file call (beside write_file.ts).
export interface WriteDetails {
  kind: 'write';
  path: string;
  bytes: number;
  lines: number;
  created: boolean;
}
