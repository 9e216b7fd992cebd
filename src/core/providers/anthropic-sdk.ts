// The Anthropic SDK's parts the provider uses: a client with the Messages resource alone, and the
// error classes. The SDK's own client builds every resource (beta, models, files, organization…),
// ~670 KB bundled and ~45-80 ms of CPU to evaluate in a first turn; imported through here the
// bundle (scripts/bundle-cli.ts SIDE_MODULES) keeps ~130 KB of it.
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';

export { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';

/** The SDK's client with `messages` only (withOptions clones it as this class). */
export class MessagesClient extends BaseAnthropic {
  messages: Messages = new Messages(this);
}
