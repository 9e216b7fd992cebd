// A session with an image: the bytes live once in a 0600 file beside the session (never in the
// JSONL), resume restores the image the model saw, and a rewind fork keeps it after the old session
// is deleted.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../src/core/conversation.js';
import { deleteSession, openSession } from '../../../src/core/sessions/session-catalog.js';
import { imageBlockFromBytes } from '../../../src/core/images/image-blocks.js';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { tinyPng } from '../../helpers/tiny-images.js';
import { recordingAgent, tempHome } from '../sessions/session-fixtures.js';

const tools = [readFileTool as unknown as Tool<never>];
const PNG = tinyPng(32, 24);

function imageResults(messages: readonly { role: string; content: readonly { type: string }[] }[]): ToolResultBlock[] {
  return messages.flatMap((m) => m.content.filter((b): b is ToolResultBlock => b.type === 'tool_result' && (b as ToolResultBlock).images !== undefined));
}

describe('a session with an image', () => {
  it('stores the bytes once beside the session (0600, not in the JSONL) and resume sends the same image', async () => {
    const dirs = tempHome();
    writeFileSync(path.join(dirs.workspace, 'shot.png'), PNG);
    const first = recordingAgent(
      [respond([toolUse('t1', 'read_file', { path: 'shot.png' })]), respond([toolUse('t2', 'read_file', { path: 'shot.png' })]), respond([text('Grey.')])],
      { ...dirs, tools },
    );
    await collect(first.agent.run('look twice'));
    await first.agent.dispose();
    const before = structuredClone(first.agent.messages);
    expect(imageResults(before)).toHaveLength(2);

    const jsonl = readFileSync(first.recorder.filePath, 'utf8');
    expect(jsonl).not.toContain(PNG.toString('base64').slice(0, 40));
    const imagesDir = path.join(first.paths.logsDir(first.recorder.id), 'images');
    const files = readdirSync(imagesDir);
    expect(files).toHaveLength(1); // two reads, one file: named by the bytes' hash
    expect(statSync(path.join(imagesDir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(imagesDir, files[0]!)).equals(PNG)).toBe(true);

    const opened = await openSession(first.recorder.filePath);
    expect(opened.restored.messages).toEqual(before);
    const second = recordingAgent([respond([text('Still grey.')])], { ...dirs, tools });
    second.agent.resume!(opened.restored);
    await collect(second.agent.run('again'));
    await second.agent.dispose();
    const sent = imageResults(second.provider.requests[0]!.messages);
    expect(sent.map((b) => b.images![0]!.data)).toEqual([PNG.toString('base64'), PNG.toString('base64')]);
  });

  it('keeps a prompt\'s image (-p --image) as a file too, and resume restores it', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('Grey.')])], { ...dirs, tools });
    const image = imageBlockFromBytes('shot.png', PNG)!;
    await collect(agent.run('what is this?', { images: [image] }));
    await agent.dispose();
    expect(readFileSync(recorder.filePath, 'utf8')).not.toContain(PNG.toString('base64').slice(0, 40));
    const opened = await openSession(recorder.filePath);
    expect(opened.restored.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'what is this?' }, image] });
  });

  it('a rewind fork carries the image file: the fork resumes with it after the old session is deleted', async () => {
    const dirs = tempHome();
    writeFileSync(path.join(dirs.workspace, 'shot.png'), PNG);
    const { agent, recorder, paths } = recordingAgent(
      [respond([toolUse('t1', 'read_file', { path: 'shot.png' })]), respond([text('Grey.')]), respond([text('Second.')])],
      { ...dirs, tools },
    );
    await collect(agent.run('look'));
    await collect(agent.run('second prompt'));
    const oldId = recorder.id;
    const oldFile = recorder.filePath;
    const fork = recorder.fork(2);
    await agent.dispose();
    expect(fork && 'id' in fork).toBe(true);
    if (!fork || !('id' in fork)) return;
    await deleteSession({ file: oldFile, id: oldId });
    expect(() => statSync(paths.logsDir(oldId))).toThrow();

    const opened = await openSession(paths.file(fork.id));
    const [result] = imageResults(opened.restored.messages);
    expect(result!.images![0]).toMatchObject({ name: 'shot.png', width: 32, height: 24, data: PNG.toString('base64') });
    expect(result!.content).not.toContain('is gone');
  });
});
