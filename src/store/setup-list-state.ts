// /skills, /hooks, /permissions and /agents on the one list picker: the state they share (types only, so
// app-store.ts can hold it before the actions load; setup-list-picker.ts moves it).
import type { AgentListing, HookListing, PermissionListing, SkillListing } from '../core/setup/setup-lists.js';
import type { ListPick } from './list-picker.js';

export type SetupRow =
  | { list: 'skills'; skill: SkillListing }
  | { list: 'hooks'; hook: HookListing }
  | { list: 'permissions'; rule: PermissionListing }
  | { list: 'agents'; agent: AgentListing };
export type SetupListKind = SetupRow['list'];

export interface SetupListState extends ListPick<SetupRow> {
  list: SetupListKind;
  phase: 'loading' | 'ready' | 'working';
  /** The rule Enter removes when pressed again (its number): a removal is confirmed. */
  confirming?: number;
  /** What the last Enter did, or what the next one will do, on the line under the filter. */
  said?: string;
}
