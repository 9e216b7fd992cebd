// Merges settings layers into one value and remembers where each value came from. Rules:
// permission lists are concatenated across layers; mcpServers and env merge by key (each
// entry whole); every other value comes from the highest layer that sets it.
import { formatKeyPath, isPlainObject } from './key-paths.js';

export type LayerId = 'default' | 'user' | 'mcpJson' | 'project' | 'local' | 'remembered' | 'dotenv' | 'env' | 'flag';

/** Lowest first: the order layers are applied in. */
export const LAYER_ORDER: readonly LayerId[] = ['default', 'user', 'mcpJson', 'project', 'local', 'remembered', 'dotenv', 'env', 'flag'];

export interface Source {
  layer: LayerId;
  /** How `inkling config` names it: "~/.inkling/settings.json", "env ANTHROPIC_MODEL", "--model". */
  label: string;
}

export interface Layer {
  id: LayerId;
  label: string;
  /** A more precise label for some top-level or dotted keys (the variable or flag that set it). */
  keyLabels?: Record<string, string>;
  value: Record<string, unknown>;
}

/** Lists every layer adds to instead of replacing. */
export const CONCATENATED = new Set(['permissions.allow', 'permissions.ask', 'permissions.deny', 'permissions.protectedPaths']);
/** Maps merged entry by entry. */
export const BY_KEY = new Set(['mcpServers', 'env']);

export interface MergedSettings {
  value: Record<string, unknown>;
  /** Dotted path of each value ("model", "permissions.allow[1]", "mcpServers.github") → where it came from. */
  sources: Map<string, Source>;
}

export function mergeLayers(layers: readonly Layer[]): MergedSettings {
  const value: Record<string, unknown> = {};
  const sources = new Map<string, Source>();
  const ordered = [...layers].sort((a, b) => LAYER_ORDER.indexOf(a.id) - LAYER_ORDER.indexOf(b.id));
  for (const layer of ordered) apply(layer, layer.value, value, []);
  return { value, sources };

  function sourceOf(layer: Layer, path: string): Source {
    const top = path.split(/[.[]/)[0]!;
    return { layer: layer.id, label: layer.keyLabels?.[path] ?? layer.keyLabels?.[top] ?? layer.label };
  }

  function apply(layer: Layer, from: Record<string, unknown>, into: Record<string, unknown>, at: string[]): void {
    for (const [key, incoming] of Object.entries(from)) {
      if (incoming === undefined) continue;
      const path = [...at, key];
      const dotted = path.join('.');
      if (CONCATENATED.has(dotted) && Array.isArray(incoming)) {
        const list = Array.isArray(into[key]) ? [...(into[key] as unknown[])] : [];
        for (const item of incoming) {
          sources.set(formatKeyPath([...path, list.length]), sourceOf(layer, dotted));
          list.push(item);
        }
        into[key] = list;
      } else if (BY_KEY.has(dotted) && isPlainObject(incoming)) {
        const map = isPlainObject(into[key]) ? { ...(into[key] as Record<string, unknown>) } : {};
        for (const [name, entry] of Object.entries(incoming)) {
          map[name] = entry;
          sources.set(formatKeyPath([...path, name]), sourceOf(layer, dotted));
        }
        into[key] = map;
      } else if (isPlainObject(incoming) && !BY_KEY.has(dotted)) {
        const child = isPlainObject(into[key]) ? { ...(into[key] as Record<string, unknown>) } : {};
        into[key] = child;
        apply(layer, incoming, child, path);
      } else {
        into[key] = incoming;
        sources.set(formatKeyPath(path), sourceOf(layer, dotted));
      }
    }
  }
}
