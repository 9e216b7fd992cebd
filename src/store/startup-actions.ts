// The start-up's parts as the door announces them (core/door/startup-parts.ts) become state: the
// trust question the trust prompt, memory files the header label and /memory, custom commands
// the `/` menu, settings problems notices, the checked model label, the bell, the sandbox, /status's facts,
// how the session starts (resumed, the picker) and the workspace's prompt history.
import type { StartupPart } from '../core/door/requests.js';
import type { AppStore } from './app-store.js';
import { askTrust, commandsLoaded, factsKnown, memoryLoaded, modelLabelChecked, sandboxKnown, showNotices } from './workspace-actions.js';
import { setBell } from './approval-actions.js';
import { promptHistoryLoaded, resumedSessionReady, sessionStarted } from './session-picker.js';

export function startupPartReady(store: AppStore, part: StartupPart): void {
  switch (part.kind) {
    case 'trust': return askTrust(store, { workspaceRoot: part.workspaceRoot, wouldSet: part.wouldSet });
    case 'notices': return showNotices(store, part.lines);
    case 'memory': return memoryLoaded(store, part.memory, part.targets);
    case 'commands':
      commandsLoaded(store, part.commands);
      return showNotices(store, part.notices);
    case 'modelLabel': return modelLabelChecked(store, part.label);
    case 'bell': return setBell(store, part.on);
    case 'sandbox': return sandboxKnown(store, part.label);
    case 'facts': return factsKnown(store, part.facts);
    case 'session': return void sessionStarted(store, part.start);
    case 'sessionReady': return resumedSessionReady(store, part.ready);
    case 'promptHistory': return promptHistoryLoaded(store, part.lines);
  }
}
