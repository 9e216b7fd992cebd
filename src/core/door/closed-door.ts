// A door with no agent behind it (a store made without one: store tests): nothing runs, asks
// answer that there is nothing, and nothing is ever emitted.
import { imageFileMeta } from '../images/prompt-images.js';
import type { AgentDoor, AgentRequest, Answers, AnswerTo } from './requests.js';

const nothing = (what: string) => Promise.reject(new Error(what));

function answer(request: AgentRequest): Answers[keyof Answers] {
  switch (request.type) {
    case 'interrupt':
    case 'respondToApproval':
    case 'answerPlan':
    case 'writeToCommand':
    case 'compact':
    case 'shell':
    case 'editContext':
      return false;
    case 'contextCosts':
      return { window: undefined, costs: {} };
    case 'contextBreakdown':
      return null;
    case 'modelName':
      return '';
    case 'currentModel':
      return null;
    case 'toggleThinking':
      return { refused: 'thinking cannot be switched here' };
    case 'capabilities':
      return { ledger: false, sessions: false, mcp: false };
    case 'rememberLine':
      return Promise.resolve('memory files cannot be written here');
    case 'reloadMemory':
      return Promise.resolve();
    case 'promptHistory':
    case 'listSkills':
    case 'listAgents':
    case 'listHooks':
    case 'listPermissions':
      return Promise.resolve([]);
    case 'removePermission':
      return Promise.resolve('no permission rules in this session');
    case 'setHookOff':
      return Promise.resolve(false);
    case 'whenIdle':
      return Promise.resolve();
    case 'planUndo':
    case 'undo':
    case 'planRewind':
    case 'rewind':
    case 'sessionDiff':
    case 'ledgerPrompts':
    case 'entryDiff':
      return nothing('the change ledger is not available in this session');
    case 'listSessions':
    case 'resumeSession':
      return nothing('sessions are not kept in this run');
    case 'imageMeta':
      // Reading a file's header needs no agent.
      return imageFileMeta(request.file);
    case 'writeExport':
      return nothing('no workspace to write to');
    case 'listModels':
    case 'switchModel':
      return nothing('no other model to switch to');
    case 'reconnectMcp':
    case 'disableMcp':
    case 'loginMcp':
      return nothing('no MCP servers configured');
    case 'pasteMcpLogin':
    case 'cancelMcpLogin':
    case 'answerElicitation':
      return false;
    default:
      return undefined;
  }
}

export function closedDoor(): AgentDoor {
  return {
    send: <R extends AgentRequest>(request: R) => answer(request) as AnswerTo<R>,
    subscribe: () => () => {},
  };
}
