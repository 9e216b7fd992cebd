// What the UI gets for a skill call (beside skill.ts): which skill is active, how many files it has.
export interface SkillDetails {
  kind: 'skill';
  name: string;
  /** The skill file read, when the call read one of the skill's files rather than starting it. */
  file?: string;
  files: number;
}
