// Transcript items for renderer tests, from raw strings made safe as the store's event binding
// makes them (tests that build items by hand go through the same boundary).
import type { ToolDetails } from '../../src/core/tools/details.js';
import { toSafeDeep, toSafeText } from '../../src/core/text/safe-text.js';
import { toSafeDetails } from '../../src/store/safe-events.js';
import type { AssistantItem, NoticeItem, ThinkingItem, ToolItem, UserItem } from '../../src/store/transcript.js';

export type RawToolItem = Omit<ToolItem, 'name' | 'input' | 'details' | 'result'> & {
  name: string;
  input: unknown;
  details?: ToolDetails;
  result?: { content: string; isError: boolean; durationMs: number };
};

type Raw<T extends { text: unknown }> = Omit<T, 'text'> & { text: string };

export function toolItem(raw: RawToolItem): ToolItem {
  const { name, input, details, result, ...rest } = raw;
  return {
    ...rest,
    name: toSafeText(name),
    input: toSafeDeep(input),
    ...(details ? { details: toSafeDetails(details) } : {}),
    ...(result ? { result: { ...result, content: toSafeText(result.content) } } : {}),
  };
}

export const userItem = (raw: Raw<UserItem>): UserItem => ({ ...raw, text: toSafeText(raw.text) });
export const assistantItem = (raw: Raw<AssistantItem>): AssistantItem => ({ ...raw, text: toSafeText(raw.text) });
export const thinkingItem = (raw: Raw<ThinkingItem>): ThinkingItem => ({ ...raw, text: toSafeText(raw.text) });
export const noticeItem = (raw: Raw<NoticeItem>): NoticeItem => ({ ...raw, text: toSafeText(raw.text) });
