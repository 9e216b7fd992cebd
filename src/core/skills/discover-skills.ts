// Finds skills (folders holding a SKILL.md, the Agent Skills format) in the project's and the
// person's skill folders. A project skill overrides a person's of the same name; nearer folders
// override farther ones. The walk is bounded so a huge tree never slows the start.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { boolField, parseSkillFile, textField, type FrontValue } from './skill-frontmatter.js';

export const SKILL_WALK_MAX_DEPTH = 6;
export const SKILL_WALK_MAX_FOLDERS = 2_000;
const SKIPPED = new Set(['.git', 'node_modules']);
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Skill {
  name: string;
  description: string;
  whenToUse?: string;
  argumentHint?: string;
  /** Claude Code's disable-model-invocation: only the person's /name starts it (not in the catalog). */
  disableModelInvocation: boolean;
  /** Claude Code's user-invocable: false hides it from /name. */
  userInvocable: boolean;
  /** Read, applied only in a trusted workspace (it loosens permissions). */
  allowedTools: string[];
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  origin: 'project' | 'user';
  /** The folder holding SKILL.md. */
  dir: string;
  file: string;
  bytes: number;
}

export interface SkillDiscovery {
  skills: Skill[];
  /** One per file that could not be read as a skill, naming the file and the reason. */
  notices: string[];
}

export interface SkillLocations {
  workspaceRoot: string;
  /** $INKLING_HOME. */
  inklingHome: string;
  /** The person's home ($HOME). */
  userHome: string;
  /** compat.claude: false leaves .claude/ and ~/.claude alone. */
  readClaude: boolean;
}

/** The skill folders, highest precedence first. */
export async function skillFolders(loc: SkillLocations): Promise<{ dir: string; origin: Skill['origin'] }[]> {
  const names = ['.inkling', '.agents', ...(loc.readClaude ? ['.claude'] : [])];
  const project = (await foldersUpToGitRoot(loc.workspaceRoot)).flatMap((d) => names.map((n) => ({ dir: path.join(d, n, 'skills'), origin: 'project' as const })));
  const user = [path.join(loc.inklingHome, 'skills'), path.join(loc.userHome, '.agents', 'skills'), ...(loc.readClaude ? [path.join(loc.userHome, '.claude', 'skills')] : [])];
  return [...project, ...user.map((dir) => ({ dir, origin: 'user' as const }))];
}

export async function discoverSkills(loc: SkillLocations): Promise<SkillDiscovery> {
  const budget = { folders: SKILL_WALK_MAX_FOLDERS };
  const byName = new Map<string, Skill>();
  const notices: string[] = [];
  for (const { dir, origin } of await skillFolders(loc)) {
    for (const file of await skillFiles(dir, budget)) {
      const read = await readSkill(file, origin);
      if (typeof read === 'string') notices.push(`${file}: ${read}`);
      else if (!byName.has(read.name)) byName.set(read.name, read);
    }
  }
  return { skills: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), notices };
}

/** The workspace and each folder above it up to the git root (the workspace alone outside a repository). */
async function foldersUpToGitRoot(workspaceRoot: string): Promise<string[]> {
  const chain: string[] = [];
  for (let dir = path.resolve(workspaceRoot); ; dir = path.dirname(dir)) {
    chain.push(dir);
    if (await exists(path.join(dir, '.git'))) return chain;
    if (path.dirname(dir) === dir) return [path.resolve(workspaceRoot)];
  }
}

async function skillFiles(root: string, budget: { folders: number }): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > SKILL_WALK_MAX_DEPTH || budget.folders <= 0) return;
    budget.folders--;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((e) => e.name === 'SKILL.md' && (e.isFile() || e.isSymbolicLink()))) {
      found.push(path.join(dir, 'SKILL.md'));
      return; // a skill's own subfolders (scripts/, references/) are its files, not more skills
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if ((e.isDirectory() || e.isSymbolicLink()) && !SKIPPED.has(e.name)) await walk(path.join(dir, e.name), depth + 1);
    }
  };
  await walk(root, 0);
  return found;
}

async function readSkill(file: string, origin: Skill['origin']): Promise<Skill | string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return `could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  const parsed = parseSkillFile(text);
  if (!parsed.ok) return parsed.problem;
  const f = parsed.fields;
  const name = textField(f, 'name').trim();
  const description = textField(f, 'description').trim();
  if (!name) return 'the frontmatter has no name';
  if (!NAME.test(name) || name.length > 64) return `the name "${name.slice(0, 70)}" is not lowercase letters, digits and single hyphens (at most 64)`;
  if (!description) return 'the frontmatter has no description';
  const dir = path.dirname(file);
  return {
    name,
    description: description.slice(0, 1024),
    ...optional('whenToUse', textField(f, 'when_to_use')),
    ...optional('argumentHint', textField(f, 'argument-hint')),
    disableModelInvocation: boolField(f, 'disable-model-invocation', false),
    userInvocable: boolField(f, 'user-invocable', true),
    allowedTools: toolList(f['allowed-tools']),
    ...optional('license', textField(f, 'license')),
    ...optional('compatibility', textField(f, 'compatibility')),
    ...(f.metadata && typeof f.metadata === 'object' && !Array.isArray(f.metadata) ? { metadata: f.metadata } : {}),
    origin,
    dir,
    file,
    bytes: Buffer.byteLength(text),
  };
}

/** The spec's space-separated string ("Bash(git:*) Read") or Claude Code's list or comma list. */
function toolList(value: FrontValue | undefined): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== '');
  if (typeof value !== 'string') return [];
  return value.split(/[\s,]+(?![^(]*\))/).map((s) => s.trim()).filter((s) => s !== '');
}

function optional<K extends string>(key: K, value: string): { [P in K]?: string } {
  return (value.trim() ? { [key]: value.trim() } : {}) as { [P in K]?: string };
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}
