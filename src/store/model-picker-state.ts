// The /model picker's state (its own file: app-store names it, model-picker.ts acts on it).

export interface PickerModel {
  id: string;
  contextWindow: number | null;
}

export interface ModelPickerState {
  phase: 'loading' | 'ready' | 'switching';
  models: PickerModel[];
  current: string;
  filter: string;
  /** Where the filter's cursor is (absent: at its end). The key pipeline edits the filter (line-editor.ts). */
  filterCursor?: number;
  /** Index into the filtered list. */
  selected: number;
  error?: string;
}
