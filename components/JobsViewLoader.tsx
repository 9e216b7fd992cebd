// /jobs and the job view load on first use, never before the first frame: these stand in for
// them in the layout and draw an empty area until JobsView.tsx is in (the first open only).
import React from 'react';
import { Box } from 'ink';
import { moduleOnUse } from './module-on-use.js';

const useJobsView = moduleOnUse(() => import('./JobsView.js'));

interface Size {
  width: number;
  height: number;
}

export function JobsPickerOnUse(size: Size) {
  const view = useJobsView();
  return view ? <view.JobsPicker {...size} /> : <Box height={size.height} />;
}

export function JobViewOnUse(size: Size) {
  const view = useJobsView();
  return view ? <view.JobView {...size} /> : <Box height={size.height} />;
}
