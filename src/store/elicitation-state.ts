// An MCP server's form (elicitation/create) as the UI holds it: the fields with the values so far
// (defaults applied when it came), the field being edited and what is typed into it. Outside text
// (the server's words) is SafeText.
import type { ElicitValue, FormField } from '../core/mcp/elicitation.js';
import type { SafeDeep, SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

export interface ElicitationForm {
  id: number;
  server: SafeText;
  message: SafeText;
  fields: SafeDeep<FormField>[];
  values: Record<string, ElicitValue>;
  /** Index of the field being edited. */
  focus: number;
  /** Text typed into the focused field (string, number and multiple-choice fields). */
  typed: string;
  /** Why the last accept was refused (a required field empty, a number out of range). */
  problem: SafeText | null;
  /** Where the keys go back to when the form is answered. */
  returnTo: Mode;
}
