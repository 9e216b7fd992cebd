// A component module that loads the first time something draws it, never before the first frame:
// the hook gives undefined (the caller draws an empty stand-in) until the module is in, then the
// module, to every caller from then on.
import { useEffect, useState } from 'react';

export function moduleOnUse<M>(load: () => Promise<M>): () => M | undefined {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return function useModule(): M | undefined {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module) return undefined;
      let mounted = true;
      loading ??= load().then((m) => (loaded = m));
      void loading.then((m) => mounted && setModule(m));
      return () => {
        mounted = false;
      };
    }, [module]);
    return module;
  };
}
