// The UI reaches the core only through the door (store.door.send, src/core/door/requests.ts):
// components/ and src/keys/ may import the core's types, and from its modules only the pure
// helpers named here (text made safe, numbers formatted, the model catalog, prompt text parsed).
// Anything else they called would be a second way in. The check runs on a planted file first,
// so a checker that sees nothing cannot pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './helpers/source-files.js';


/** Core modules the UI may take values from, and which: each one computes, none acts. */
const PURE_CORE: Record<string, readonly string[]> = {
  'text/safe-text': ['toSafeText', 'safeJson', 'joinSafe', 'toSafeDeep', 'appendSafe'],
  'context/token-estimate': ['formatTokenCount'],
  'providers/models': ['contextWindow', 'estimateCost', 'modelInfo'],
  'memory/project-memory': ['formatSize', 'MEMORY_FILE_CAP_BYTES'],
  'memory/memory-lines': ['memoryLine'],
  'commands/custom-commands': ['expandCustomCommand', 'matchCustomCommand'],
  'images/image-blocks': ['imageCardText'],
  'images/prompt-images': ['mentionedImages', 'pastedImagePath'],
  'agents/task-details': ['NO_PROGRESS_MS'],
};

const IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'|^import\s+(?!type\b)(\*\s+as\s+\w+|\w+)\s+from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm;

/** The values a file imports from src/core that are not on the list, as "file: name from module". */
export function coreCalls(file: string, text: string): string[] {
  const out: string[] = [];
  const dir = path.posix.dirname(file);
  const coreModule = (spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const to = path.posix.normalize(path.posix.join(dir, spec)).replace(/\.(js|ts|tsx)$/, '');
    return to.startsWith('src/core/') ? to.slice('src/core/'.length) : null;
  };
  for (const m of text.matchAll(IMPORT)) {
    const [, typeOnly, names, spec, whole, wholeSpec, dynamicSpec] = m;
    const mod = coreModule(spec ?? wholeSpec ?? dynamicSpec ?? '');
    if (mod === null || typeOnly) continue;
    if (names === undefined) {
      out.push(`${file}: ${whole ?? 'import()'} from core/${mod}`);
      continue;
    }
    for (const raw of names.split(',')) {
      const name = raw.trim();
      if (name === '' || name.startsWith('type ')) continue;
      const imported = name.split(/\s+as\s+/)[0]!;
      if (!PURE_CORE[mod]?.includes(imported)) out.push(`${file}: ${imported} from core/${mod}`);
    }
  }
  return out;
}

describe('the door', () => {
  it('the checker finds a planted call into the core, and lets types and the pure helpers through', () => {
    const planted = [
      "import type { Agent } from '../src/core/agent.js';",
      "import { toSafeText, type SafeText } from '../src/core/text/safe-text.js';",
      "import { createAgentDoor } from '../src/core/door/agent-door.js';",
      "import { listSessions as ls } from '../src/core/sessions/session-catalog.js';",
      "import * as ledger from '../src/core/checkpoints/change-ledger.js';",
      "const later = () => import('../src/core/mcp/mcp-servers.js');",
    ].join('\n');
    expect(coreCalls('components/Planted.tsx', planted)).toEqual([
      'components/Planted.tsx: createAgentDoor from core/door/agent-door',
      'components/Planted.tsx: listSessions from core/sessions/session-catalog',
      'components/Planted.tsx: * as ledger from core/checkpoints/change-ledger',
      'components/Planted.tsx: import() from core/mcp/mcp-servers',
    ]);
  });

  it('components and key handlers call into the core only through the door', () => {
    const files = [...sourceFiles('components'), ...sourceFiles('src/keys')];
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((f) => coreCalls(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
