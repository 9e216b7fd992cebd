// A library the screen loads on first use (the markdown lexer, the code highlighter): drawing asks
// for it, gets null while it loads (and draws plain meanwhile), and whoever listens is told when it
// has loaded, so the rows drawn plain are drawn again.
export interface LazyLibrary<T> {
  /** The library, or null while it is not loaded: the first such call starts loading it. */
  use(): T | null;
  /** Starts loading (once); resolves when loaded, after the onLoaded listeners. */
  load(): Promise<void>;
  /** Whether anything has asked for it yet. */
  requested(): boolean;
  /** `done` runs once it has loaded. Returns the unsubscribe. */
  onLoaded(done: () => void): () => void;
}

export function lazyLibrary<T>(importIt: () => Promise<T>): LazyLibrary<T> {
  let lib: T | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importIt().then((loaded) => {
      lib = loaded;
      for (const done of listeners) done();
    }));
  return {
    use() {
      if (!lib) void load();
      return lib;
    },
    load,
    requested: () => loading !== null,
    onLoaded(done) {
      listeners.add(done);
      return () => void listeners.delete(done);
    },
  };
}
