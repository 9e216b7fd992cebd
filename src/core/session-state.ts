// The per-session state every tool call shares (files read, the logs folder, secrets to keep out,
// the sandbox, the background jobs), built from the agent's configuration.
import { randomBytes } from 'node:crypto';
import type { AgentConfig } from './agent.js';
import { JobTable } from './jobs/job-table.js';
import type { SessionState } from './tools/tool.js';
import { scratchPath } from './cleanup/scratch-root.js';

export function newSessionState(config: AgentConfig, logsDir: string | undefined): SessionState & { jobs: JobTable } {
  const jobs = new JobTable(config.maxJobs, config.jobFirstLinesMs);
  // The ledger names the jobs that ran while it recorded changes.
  config.ledger?.watchJobs((since) => jobs.activeSince(since));
  // The session file keeps each job's start and end (a resumed session says how they ended) and
  // the note that told the model of an end (a resumed conversation has it where it was).
  const recorder = config.recorder;
  if (recorder) {
    jobs.subscribe((e) => recorder.job(e));
    jobs.onEndTold((job, note) => recorder.job({ type: 'job_end', job }, note));
  }
  return {
    readFiles: new Map(),
    sessionDir: logsDir ?? config.sessionDir ?? scratchPath(randomBytes(4).toString('hex')),
    secretEnvNames: new Set(config.secretEnvNames ?? []),
    ...(config.sandbox ? { sandbox: config.sandbox } : {}),
    ...(config.bashTimeoutMs !== undefined ? { bashTimeoutMs: config.bashTimeoutMs } : {}),
    ...(config.sudoAskpass ? { sudoAskpass: true } : {}),
    jobs,
  };
}
