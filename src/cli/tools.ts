// The one place that lists the tools inkling registers. Tool modules load lazily: bash pulls in
// node-pty and the terminal emulator, which a --help or a config error should never pay for.
import type { AnyTool } from '../core/tools/tool.js';

export async function registeredTools(): Promise<AnyTool[]> {
  const [{ fileTools }, { bashTool }] = await Promise.all([
    import('../core/tools/file-tools.js'),
    import('../core/tools/bash.js'),
  ]);
  return [...fileTools(), bashTool];
}
