// The door's change-ledger requests (undo a call, rewind to a prompt, the session's diff): a
// rewind cuts the conversation too, forking the session file when one is recorded.
import type { Agent } from '../agent.js';
import type { AgentRequest, Answers } from './requests.js';

export type LedgerRequest = Extract<AgentRequest, { type: 'planUndo' | 'undo' | 'planRewind' | 'rewind' | 'sessionDiff' | 'ledgerPrompts' | 'entryDiff' }>;

type LedgerAgent = Pick<Agent, 'ledger' | 'forkConversation' | 'canRewindConversation'>;

export function ledgerAnswer(agent: LedgerAgent, request: LedgerRequest): Answers[LedgerRequest['type']] {
  const ledger = () => {
    const l = agent.ledger;
    if (!l) throw new Error('the change ledger is not available in this session');
    return l;
  };
  const promptOf = async (entry: string) => {
    const found = (await ledger().prompts()).find((p) => p.entry === entry);
    if (!found) throw new Error('that prompt is not in the change ledger of this session');
    return found;
  };
  const promptNumber = async (entry: string): Promise<number> => (await promptOf(entry)).n;
  // Every answer is a promise: a missing ledger rejects rather than throws.
  const later = <T>(work: () => Promise<T>): Promise<T> => Promise.resolve().then(work);
  switch (request.type) {
    case 'planUndo':
      return later(() => ledger().planUndo(request.entry));
    case 'undo':
      return later(() => ledger().undo(request.entry, { overwriteConflicts: request.overwriteConflicts }));
    case 'planRewind':
      return later(async () => {
        const prompt = await promptOf(request.entry);
        const plan = await ledger().planRewind(prompt.n);
        // Said before the person agrees: the conversation stays when neither memory nor the records reach the prompt.
        return !agent.canRewindConversation(prompt.ordinal) ? { ...plan, onlyFiles: true as const } : plan;
      });
    case 'rewind':
      return later(async () => {
        const n = await promptNumber(request.entry);
        // The conversation first (it only cuts what is in memory and writes a new file); the ledger's
        // chain then forks to the same new session, so both go on there.
        const fork = agent.forkConversation(request.ordinal);
        const session = fork?.sessionId;
        const out = await ledger().rewind(n, { overwriteConflicts: request.overwriteConflicts, ...(session ? { fork: session } : {}) });
        return {
          ...out,
          ...(fork ? { prompt: fork.prompt } : {}),
          ...(session ? { sessionId: session, forkedFrom: fork?.forkedFrom ?? '' } : {}),
          ...(fork?.notice ? { notice: fork.notice } : {}),
        };
      });
    case 'sessionDiff':
      return later(() => ledger().sessionDiff());
    case 'ledgerPrompts':
      return later(() => ledger().prompts());
    case 'entryDiff':
      return later(() => ledger().entryDiff(request.entry));
  }
}
