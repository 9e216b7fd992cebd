// The one place that lists the tools inkling registers. Tool modules load lazily: bash pulls in
// node-pty and the terminal emulator, which a --help or a config error should never pay for.
import type { AnyTool } from '../core/tools/tool.js';
import type { WebAccess } from '../core/web/guarded-get.js';

/** `web`: what web_fetch may reach (which hosts permission rules name). */
export async function registeredTools(web: WebAccess = {}): Promise<AnyTool[]> {
  const [{ fileTools }, { bashTool }, { createWebFetchTool }, { jobTools }] = await Promise.all([
    import('../core/tools/file-tools.js'),
    import('../core/tools/bash.js'),
    import('../core/tools/web_fetch.js'),
    import('../core/jobs/job-tools.js'),
  ]);
  return [...fileTools(), bashTool, createWebFetchTool(web), ...jobTools];
}
