// /skills, /hooks and /permissions' picker actions load on first use, never before the first frame;
// once loaded they run at once (keys typed fast stay in order).
type SetupListActions = typeof import('./setup-list-picker.js');

let loaded: SetupListActions | undefined;
let loading: Promise<SetupListActions> | undefined;

/** Runs `use` on the actions: now when they are loaded, else once they are. */
export function withSetupLists(use: (actions: SetupListActions) => Promise<void> | void): Promise<void> | void {
  if (loaded) return use(loaded);
  loading ??= import('./setup-list-picker.js').then((m) => (loaded = m));
  return loading.then(use);
}
