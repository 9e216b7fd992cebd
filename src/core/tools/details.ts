// Structured tool data for the UI (never shown to the model): the union of every tool's own
// details type, each declared beside its tool. The UI picks a renderer by `kind`.
import type { McpDetails } from '../mcp/mcp-details.js';
import type { BashDetails } from './bash-details.js';
import type { EditDetails } from './edit-details.js';
import type { GrepDetails } from './grep-details.js';
import type { ListDetails } from './list-details.js';
import type { ReadDetails } from './read-details.js';
import type { SkillDetails } from './skill-details.js';
import type { WebFetchDetails } from './web-fetch-details.js';
import type { WebSearchDetails } from './web-search-details.js';
import type { WriteDetails } from './write-details.js';
import type { TaskDetails } from '../agents/task-details.js';
import type { PlanDetails, PlanReviewDetails } from '../plan/plan-details.js';

export type { TerminalSnapshot } from '../shell/terminal-snapshot.js';
export type { PlanDetails, PlanReviewDetails };
export type { BashDetails, EditDetails, GrepDetails, ListDetails, McpDetails, ReadDetails, SkillDetails, TaskDetails, WebFetchDetails, WebSearchDetails, WriteDetails };

export type ToolDetails = ReadDetails | WriteDetails | EditDetails | ListDetails | GrepDetails | BashDetails | McpDetails | SkillDetails | WebFetchDetails | WebSearchDetails | TaskDetails | PlanDetails | PlanReviewDetails;
