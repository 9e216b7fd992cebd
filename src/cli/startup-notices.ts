// Lines the person must see once (settings problems, an untrusted workspace) shown as notices in
// the first turn, for a UI that does not show StartupInfo.notices itself yet.
import type { Agent } from '../core/agent.js';
import type { AgentEvent } from '../core/events.js';

export async function withStartupNotices(ready: Promise<Agent>, notices: Promise<string[]>): Promise<Agent> {
  const agent = await ready;
  let pending: Promise<string[]> | null = notices;
  const run = agent.run.bind(agent);
  return Object.assign(Object.create(agent) as Agent, {
    run(prompt: string, opts?: { signal?: AbortSignal }): AsyncIterable<AgentEvent> {
      const inner = run(prompt, opts);
      const said = pending;
      pending = null;
      if (!said) return inner;
      return (async function* () {
        const lines = await said.catch(() => []);
        for await (const event of inner) {
          yield event;
          if (event.type === 'turn_start') for (const message of lines) yield { type: 'notice', message } as AgentEvent;
        }
      })();
    },
  });
}
