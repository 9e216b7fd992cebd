// The one place that lists the tools inkling registers. Tool modules load lazily: bash pulls in
// node-pty, which a --help or a config error should never pay for.
import type { AnyTool } from '../core/tools/tool.js';

const TOOL_LOADERS: (() => Promise<AnyTool[]>)[] = [
  async () => (await import('../core/tools/file-tools.js')).fileTools(),
  () => optionalTools('../core/tools/bash.js', (m) => m.bashTool),
];

export async function registeredTools(): Promise<AnyTool[]> {
  return (await Promise.all(TOOL_LOADERS.map((load) => load()))).flat();
}

/**
 * For a tool module that may not be in the tree yet: without it, a call to its tool becomes an
 * "unknown tool" error result instead of a failed start.
 */
async function optionalTools(specifier: string, pick: (m: Record<string, unknown>) => unknown): Promise<AnyTool[]> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(err).includes(specifier.slice(3));
    if (missing) return [];
    throw err;
  }
  const tool = pick(mod);
  return tool ? [tool as AnyTool] : [];
}
