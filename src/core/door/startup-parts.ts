// What the interactive start loads after the first frame (core/startup-info.ts) comes through the
// door as `startup` events, each part as soon as it is ready, so a front end has one stream to
// follow instead of ten promises; so does how the session starts (resumed, the picker, the prompt
// history). /model and the MCP servers announce themselves with `ready`.
import type { StartupInfo } from '../startup-info.js';
import type { SessionPort } from '../sessions/session-port.js';
import type { DoorEvent, StartupPart } from './requests.js';

/** Emits each part of the start-up as it is ready; a part that fails to load is left out. */
export function followStartup(startup: StartupInfo, emit: (event: DoorEvent) => void): void {
  const part = <T>(ready: Promise<T> | undefined, make: (value: T) => StartupPart | null) =>
    void ready?.then((value) => {
      const p = make(value);
      if (p) emit({ type: 'startup', part: p });
    }, () => {});
  part(startup.trust, (q) => (q ? { kind: 'trust', workspaceRoot: q.workspaceRoot, wouldSet: q.wouldSet } : null));
  part(startup.modelLabel, (label) => ({ kind: 'modelLabel', label }));
  part(startup.notices, (lines) => ({ kind: 'notices', lines }));
  part(startup.bell, (on) => ({ kind: 'bell', on }));
  part(startup.sandbox, (label) => ({ kind: 'sandbox', label }));
  part(startup.facts, (facts) => ({ kind: 'facts', facts }));
  part(startup.notify, (settings) => ({ kind: 'notify', settings }));
  part(Promise.all([startup.memory, startup.memoryTargets]), ([memory, targets]) => ({ kind: 'memory', memory, targets }));
  part(startup.customCommands, (set) => ({ kind: 'commands', commands: set.commands, notices: set.notices }));
}

/** How the session starts, once the sessions on disk say so, and the workspace's prompt history. */
export function followSessions(port: SessionPort, emit: (event: DoorEvent) => void): void {
  void port.start.then((start) => {
    emit({ type: 'startup', part: { kind: 'session', start } });
    if (start.kind === 'resumed') void port.ready.then((ready) => emit({ type: 'startup', part: { kind: 'sessionReady', ready } }), () => {});
  }, () => {});
  // Never rejects (an unreadable folder is an empty list).
  void port.promptHistory().then((lines) => emit({ type: 'startup', part: { kind: 'promptHistory', lines } }));
}
