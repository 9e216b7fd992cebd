// The person's prompt in the transcript.
import React from 'react';
import type { UserItem } from '../src/store/transcript.js';
import { paint, wrapWithPrefix } from '../src/tui/text-layout.js';
import { Lines } from './Lines.js';

export function userLines(item: UserItem, width: number): string[] {
  return wrapWithPrefix(item.text, width, paint.user('› '));
}

export function UserMessage({ item, width }: { item: UserItem; width: number }) {
  return <Lines lines={userLines(item, width)} />;
}
