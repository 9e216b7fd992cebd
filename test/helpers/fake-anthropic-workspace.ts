// The set-up of the tests that drive the real SDK over real files: one fake Anthropic server for
// the test file, a fresh temp workspace for each test, and the server's requests cleared between tests.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from './fake-anthropic.js';
import { makeTempWorkspace } from './tool-context.js';

export interface ServerAndWorkspace {
  server: FakeAnthropic;
  ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
}

/** Registers the hooks; the returned object's `server` and `ws` are set before each test runs. */
export function fakeAnthropicAndWorkspace(): ServerAndWorkspace {
  const t = {} as ServerAndWorkspace;
  beforeAll(async () => {
    t.server = await startFakeAnthropic();
  });
  afterAll(async () => t.server.close());
  beforeEach(async () => {
    t.ws = await makeTempWorkspace();
    t.server.requests.length = 0;
  });
  afterEach(async () => t.ws.cleanup());
  return t;
}
