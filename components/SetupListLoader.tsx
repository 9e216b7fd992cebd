// The /skills, /hooks, /permissions and /agents picker loads on first use, never before the first
// frame: this stands in for it in the layout and draws an empty area until SetupListView.tsx is in.
import React from 'react';
import { Box } from 'ink';
import { moduleOnUse } from './module-on-use.js';

const useSetupList = moduleOnUse(() => import('./SetupListView.js'));

export function SetupListOnUse({ width, height }: { width: number; height: number }) {
  const view = useSetupList();
  return view ? <view.SetupListView width={width} height={height} /> : <Box height={height} />;
}
