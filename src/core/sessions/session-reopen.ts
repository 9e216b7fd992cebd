// A session file read back at once, its big tool outputs left in the file as on resume: a rewind
// past a compaction rebuilds the conversation from the records its fork copied, in the same call.
import { readFileSync } from 'node:fs';
import { parseSessionBuffer } from './session-reader.js';
import { restoreSession, type RestoredSession } from './session-restore.js';
import { StoredResults } from './stored-results.js';

export function reopenSession(id: string, file: string): RestoredSession {
  const read = parseSessionBuffer(readFileSync(file), new StoredResults(file).keep);
  return restoreSession(id, read.records);
}
