// A door for UI tests that sees every request first: a handler set with `on` answers its type
// instead of the door behind (which answers the rest); `requests` lists what was sent.
import type { AgentDoor, AgentRequest, Answers, AnswerTo, RequestType } from '../../src/core/door/requests.js';
import { closedDoor } from '../../src/core/door/closed-door.js';

export interface SpyDoor extends AgentDoor {
  readonly requests: AgentRequest[];
  on<T extends RequestType>(type: T, answer: (request: Extract<AgentRequest, { type: T }>) => Answers[T]): void;
}

export function spyDoor(inner: AgentDoor = closedDoor()): SpyDoor {
  const handlers = new Map<RequestType, (request: AgentRequest) => unknown>();
  const requests: AgentRequest[] = [];
  return {
    requests,
    on(type, answer) {
      handlers.set(type, answer as (request: AgentRequest) => unknown);
    },
    send<R extends AgentRequest>(request: R): AnswerTo<R> {
      requests.push(request);
      const handler = handlers.get(request.type);
      return (handler ? handler(request) : inner.send(request)) as AnswerTo<R>;
    },
    subscribe: (listener) => inner.subscribe(listener),
  };
}
