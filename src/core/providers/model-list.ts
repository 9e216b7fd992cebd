// The models a provider offers, for the /model picker and for presets that start on the first
// model a server lists: GET /models for OpenAI-compatible endpoints (kept per endpoint for the
// session, so reopening the picker costs nothing), the catalog for Anthropic.
// Plain fetch, not the SDK: this runs before the first frame when the model must be discovered.
import { catalogModels, contextWindow } from './models.js';

export type ModelSource =
  | { api: 'anthropic' }
  | { api: 'openai'; baseURL: string; apiKey?: string; title: string; headers?: Readonly<Record<string, string>> };

export interface ListedModel {
  id: string;
  /** Null: not in the catalog ("unknown window"). */
  contextWindow: number | null;
}

export interface ListModelsOptions {
  signal?: AbortSignal;
  /** Ask the server again instead of using the list from earlier in the session. */
  refresh?: boolean;
  /** Default 5 s: a picker (or a start-up) must not hang on a server that does not answer. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** A listing that failed, with a message that says where and why. */
export class ModelListError extends Error {
  override readonly name = 'ModelListError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const cache = new Map<string, Promise<string[]>>();

export async function listModels(source: ModelSource, opts: ListModelsOptions = {}): Promise<ListedModel[]> {
  if (source.api === 'anthropic') return catalogModels('anthropic').map((m) => ({ id: m.id, contextWindow: m.contextWindow }));
  const key = `${source.baseURL}\n${source.apiKey ?? ''}`;
  let ids = opts.refresh ? undefined : cache.get(key);
  if (!ids) {
    ids = fetchModelIds(source, opts);
    cache.set(key, ids);
    // A failed listing is not kept: the next try asks again.
    ids.catch(() => cache.delete(key));
  }
  return (await ids).map((id) => ({ id, contextWindow: contextWindow(id) }));
}

async function fetchModelIds(source: Extract<ModelSource, { api: 'openai' }>, opts: ListModelsOptions): Promise<string[]> {
  const url = `${source.baseURL.replace(/\/+$/, '')}/models`;
  const signals = [AbortSignal.timeout(opts.timeoutMs ?? 5000), ...(opts.signal ? [opts.signal] : [])];
  let res: Response;
  try {
    res = await (opts.fetch ?? globalThis.fetch)(url, {
      headers: { accept: 'application/json', ...source.headers, ...(source.apiKey ? { authorization: `Bearer ${source.apiKey}` } : {}) },
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const why = err instanceof Error ? (err.name === 'TimeoutError' ? 'no answer in time' : describeCause(err)) : String(err);
    throw new ModelListError(`cannot list the models of ${source.title} at ${url} (${why})`);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ModelListError(`${source.title} answered ${res.status} to GET ${url}: ${clip(text)}`, res.status);
  let ids: string[] = [];
  try {
    const body = JSON.parse(text) as { data?: unknown; models?: unknown };
    // The OpenAI shape is { data: [{ id }] }; a few servers answer { models: [{ id | name }] }.
    const list = Array.isArray(body.data) ? body.data : Array.isArray(body.models) ? body.models : [];
    ids = list.flatMap((m: unknown) => {
      const entry = m as { id?: unknown; name?: unknown };
      const id = typeof entry.id === 'string' ? entry.id : typeof entry.name === 'string' ? entry.name : undefined;
      return id ? [id] : [];
    });
  } catch {
    throw new ModelListError(`${source.title} at ${url} did not answer with a model list (is the base URL right?): ${clip(text)}`);
  }
  return ids;
}

function describeCause(err: Error): string {
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim() || '(empty body)';
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}
