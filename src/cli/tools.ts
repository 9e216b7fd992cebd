// The one place that lists the tools inkling registers. Tool modules load lazily: bash pulls in
// node-pty, which a --help or a config error should never pay for.
import type { AnyTool } from '../core/tools/tool.js';

type ToolModule = Record<string, unknown>;

/**
 * Tool modules and how to take their tools out. A module that is not there yet is skipped, so a
 * call to its tool becomes an "unknown tool" error result rather than a failed start.
 */
const TOOL_SOURCES: { module: string; pick: (m: ToolModule) => unknown }[] = [
  { module: '../core/tools/file-tools.js', pick: (m) => (typeof m.fileTools === 'function' ? m.fileTools() : undefined) },
  { module: '../core/tools/bash.js', pick: (m) => (m.bash ? [m.bash] : undefined) },
];

export async function registeredTools(): Promise<AnyTool[]> {
  const lists = await Promise.all(TOOL_SOURCES.map(load));
  return lists.flat();
}

async function load(source: (typeof TOOL_SOURCES)[number]): Promise<AnyTool[]> {
  let mod: ToolModule;
  try {
    mod = (await import(source.module)) as ToolModule;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((err as Error).message).includes(source.module.slice(3))) return [];
    throw err;
  }
  const tools = source.pick(mod);
  return Array.isArray(tools) ? (tools as AnyTool[]) : [];
}
