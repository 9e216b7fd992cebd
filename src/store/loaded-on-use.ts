// Modules that load on first use, never before the first frame, say so here as they load: the
// start-up trace lists the ones loaded by the first frame (INKLING_TRACE_EVENTS), which
// test/e2e/first-frame.test.ts expects to be none of them. (Bundled modules are no files the
// process's require cache could name.)
const loaded: string[] = [];

/** Called at the top of such a module with its path from the repository's root, without extension. */
export function loadedOnUse(name: string): void {
  loaded.push(name);
}

export function modulesLoadedOnUse(): readonly string[] {
  return loaded;
}
