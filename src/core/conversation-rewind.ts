// Taking the conversation back to just before a turn (/rewind): cut in memory, or, when a
// compaction summarised that turn, rebuilt from the session's records (the summary is not the
// conversation; the records before it are still in the file). A fork goes on in a new session.
import type { Agent } from './agent.js';
import type { Message } from './conversation.js';
import type { ConversationRecorder } from './sessions/recorder.js';
import { reopenSession } from './sessions/session-reopen.js';
import type { RestoredSession } from './sessions/session-restore.js';
import type { TurnMarks } from './turn-marks.js';

export interface RewindHost {
  readonly running: boolean;
  messages: Message[];
  readonly turns: TurnMarks;
  readonly recorder: ConversationRecorder | undefined;
  /** The conversation, turns and context edits as a session's records rebuild them. */
  adopt(restored: Pick<RestoredSession, 'messages' | 'prompts' | 'contextEdits'>): void;
  /** Recording moved to a new session: the tools' files go to its folder. */
  movedSession(): void;
}

export type ConversationRewinds = Required<Pick<Agent, 'rewindConversation' | 'forkConversation' | 'canRewindConversation'>>;

export function conversationRewinds(host: RewindHost): ConversationRewinds {
  const idle = () => {
    if (host.running) throw new Error('a turn is running');
  };

  /** A turn a compaction summarised: the fork copies the records before it, the conversation is rebuilt from them. */
  function forkFromRecords(n: number): ReturnType<ConversationRewinds['forkConversation']> {
    const { recorder } = host;
    const from = recorder?.id;
    const fork = recorder?.hasPrompt(n) ? recorder.fork(n) : undefined;
    if (!fork || !('id' in fork)) return undefined;
    host.adopt(reopenSession(fork.id, fork.file));
    host.movedSession();
    return { prompt: fork.prompt, sessionId: fork.id, ...(from ? { forkedFrom: from } : {}) };
  }

  return {
    rewindConversation(n) {
      idle();
      const cut = host.turns.truncate(host.messages, n);
      if (!cut) return undefined;
      host.messages = cut.messages;
      return { prompt: cut.prompt };
    },
    canRewindConversation(n) {
      return host.turns.reaches(host.messages, n) || (host.recorder?.hasPrompt(n) ?? false);
    },
    forkConversation(n) {
      idle();
      const cut = host.turns.truncate(host.messages, n);
      if (!cut) return forkFromRecords(n);
      host.messages = cut.messages;
      const { recorder } = host;
      const from = recorder?.id;
      const fork = recorder?.fork(n);
      if (!fork || !('id' in fork)) return { prompt: cut.prompt, ...(fork ? { notice: fork.notice } : {}) };
      host.movedSession();
      return { prompt: cut.prompt, sessionId: fork.id, ...(from ? { forkedFrom: from } : {}) };
    },
  };
}
