// Which key context is active (its own file: every part of the state names it).
/** Which key context is active (keymap.ts has one table per context). */
export type Mode = 'input' | 'help' | 'history' | 'pager' | 'shell' | 'revert' | 'trust' | 'memory' | 'remember' | 'mcp' | 'model' | 'picker' | 'rewind' | 'prompts' | 'elicit' | 'secret' | 'jobs' | 'job' | 'planReview' | 'lists';
