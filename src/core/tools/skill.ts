// The skill tool: the model starts a skill from the catalog by name and gets its instructions and
// the list of its files; a second call with `file` reads one of them (skill folders may lie outside
// the workspace, and are only ever read). A started skill's result is pinned: compaction keeps it.
import { readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Skill } from '../skills/discover-skills.js';
import { catalogSkills } from '../skills/skill-catalog.js';
import type { Tool, ToolResult } from './tool.js';

const MAX_LISTED_FILES = 200;
const MAX_FILE_BYTES = 256 * 1024;

interface SkillInput {
  name: string;
  arguments?: string;
  file?: string;
}

export function createSkillTool(skills: readonly Skill[]): Tool<SkillInput> | undefined {
  const listed = catalogSkills(skills);
  if (listed.length === 0) return undefined;
  const byName = new Map(listed.map((s) => [s.name, s]));
  return {
    name: 'skill',
    description:
      'Starts a skill from the catalog in the system prompt: returns its instructions and the list of its files. ' +
      'Call it when the task matches the skill, then follow the instructions. With `file`, returns one of the skill\'s files instead.',
    readOnly: true,
    pinsResult: true,
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', enum: listed.map((s) => s.name), description: 'The skill to start.' },
        arguments: { type: 'string', description: 'Text for the skill ($ARGUMENTS in its instructions).' },
        file: { type: 'string', description: "A file of the skill to read, relative to the skill's folder (from the list it returned)." },
      },
      required: ['name'],
    },
    async execute(input): Promise<ToolResult> {
      const skill = byName.get(input.name);
      if (!skill) return { content: `There is no skill named "${input.name}"; the catalog lists ${[...byName.keys()].join(', ')}.`, isError: true };
      if (input.file !== undefined) return readSkillFile(skill, input.file);
      return startSkill(skill, input.arguments ?? '');
    },
  };
}

/** The skill's instructions ($ARGUMENTS filled in) and its files: what both the tool and /name give. */
export async function startSkill(skill: Skill, args: string): Promise<ToolResult> {
  let text: string;
  try {
    text = await readFile(skill.file, 'utf8');
  } catch (err) {
    return { content: `The skill ${skill.name} could not be read: ${(err as Error).message}`, isError: true };
  }
  const body = skillBody(text, args);
  const files = await listSkillFiles(skill.dir);
  const content = [
    `Skill "${skill.name}" is active. Its folder: ${skill.dir}`,
    '',
    body.trim(),
    '',
    files.length > 0 ? `Files of this skill (read them with the skill tool's file field):\n${files.map((f) => `- ${f}`).join('\n')}` : 'The skill has no other files.',
  ].join('\n');
  return { content, isError: false, details: { kind: 'skill', name: skill.name, files: files.length } };
}

/** The body after the frontmatter, with $ARGUMENTS replaced (or the arguments appended when it has none). */
export function skillBody(text: string, args: string): string {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const m = /^---\n[\s\S]*?\n---[ \t]*(?:\n|$)/.exec(normalized);
  const body = m ? normalized.slice(m[0].length) : normalized;
  if (body.includes('$ARGUMENTS')) return body.replaceAll('$ARGUMENTS', args);
  return args.trim() ? `${body.trimEnd()}\n\nARGUMENTS: ${args}` : body;
}

async function listSkillFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string, depth: number): Promise<void> => {
    if (depth > 4 || out.length >= MAX_LISTED_FILES) return;
    const entries = await readdir(path.join(dir, sub), { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= MAX_LISTED_FILES) return;
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') await walk(rel, depth + 1);
      else if (e.isFile() && rel !== 'SKILL.md') out.push(rel);
    }
  };
  await walk('', 0);
  return out;
}

async function readSkillFile(skill: Skill, file: string): Promise<ToolResult> {
  try {
    const root = await realpath(skill.dir);
    const real = await realpath(path.resolve(root, file));
    const rel = path.relative(root, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return { content: `${file} is not inside the skill ${skill.name}'s folder.`, isError: true };
    const data = await readFile(real);
    const cut = data.length > MAX_FILE_BYTES;
    const text = data.subarray(0, MAX_FILE_BYTES).toString('utf8');
    return { content: cut ? `${text}\n[cut at ${MAX_FILE_BYTES} bytes of ${data.length}]` : text, isError: false, details: { kind: 'skill', name: skill.name, file: rel, files: 0 } };
  } catch (err) {
    return { content: `${file} of the skill ${skill.name} could not be read: ${(err as Error).message}`, isError: true };
  }
}
