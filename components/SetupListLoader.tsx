// The /skills, /hooks and /permissions picker loads on first use, never before the first frame:
// this stands in for it in the layout and draws an empty area until SetupListView.tsx is in.
import React, { useEffect, useState } from 'react';
import { Box } from 'ink';

type SetupListModule = typeof import('./SetupListView.js');

let loaded: SetupListModule | undefined;
let loading: Promise<SetupListModule> | undefined;

export function SetupListOnUse({ width, height }: { width: number; height: number }) {
  const [view, setView] = useState(loaded);
  useEffect(() => {
    if (view) return undefined;
    let mounted = true;
    loading ??= import('./SetupListView.js').then((m) => (loaded = m));
    void loading.then((m) => mounted && setView(m));
    return () => {
      mounted = false;
    };
  }, [view]);
  return view ? <view.SetupListView width={width} height={height} /> : <Box height={height} />;
}
