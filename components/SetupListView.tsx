// /skills, /hooks and /permissions on the one list picker (ListView): a head naming the list and
// what Enter does, the filter line, then the rows (setup-list-rows.ts). Loaded on first use.
import React from 'react';
import { Box } from 'ink';
import { loadedOnUse } from '../src/store/loaded-on-use.js';
import { visibleSetupRows } from '../src/store/setup-list-picker.js';
import { Lines } from './Lines.js';
import { ListView } from './ListPicker.js';
import { setupListHead, setupListLines } from './setup-list-rows.js';
import { useApp } from './store-context.js';

loadedOnUse('components/SetupListView');

const PLACEHOLDER = { skills: 'name, file or "active"', hooks: 'event, command or file', permissions: 'rule, kind or file', agents: 'name, origin, tool or model' } as const;

export function SetupListView({ width, height }: { width: number; height: number }) {
  const p = useApp((s) => s.setupList);
  if (!p) return <Box height={height} />;
  return (
    <ListView
      width={width}
      height={height}
      head={<Lines lines={[setupListHead(p, width)]} />}
      filter={{ label: 'filter: ', placeholder: PLACEHOLDER[p.list], focused: p.phase !== 'working', state: p }}
      rows={setupListLines(p, visibleSetupRows(p), width, Math.max(1, height - 2), Date.now())}
    />
  );
}
