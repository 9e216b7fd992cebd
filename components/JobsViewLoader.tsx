// /jobs and the job view load on first use, never before the first frame: these stand in for
// them in the layout and draw an empty area until JobsView.tsx is in (the first open only).
import React, { useEffect, useState } from 'react';
import { Box } from 'ink';

type JobsViewModule = typeof import('./JobsView.js');

let loaded: JobsViewModule | undefined;
let loading: Promise<JobsViewModule> | undefined;

function useJobsView(): JobsViewModule | undefined {
  const [view, setView] = useState(loaded);
  useEffect(() => {
    if (view) return undefined;
    let mounted = true;
    loading ??= import('./JobsView.js').then((m) => (loaded = m));
    void loading.then((m) => mounted && setView(m));
    return () => {
      mounted = false;
    };
  }, [view]);
  return view;
}

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
