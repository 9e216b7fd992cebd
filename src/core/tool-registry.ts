// Maps tool names to tools; the loop never changes when a tool is added. Built-in tools are fixed
// for the session; tools that come and go (MCP servers') follow them, replaced between requests.
import type { ToolDefinition } from './providers/provider.js';
import type { AnyTool } from './tools/tool.js';

export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();
  private extra = new Map<string, AnyTool>();

  constructor(tools: AnyTool[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
      if (!Array.isArray(tool.inputSchema.required)) throw new Error(`tool ${tool.name}: input schema needs a required array`);
      this.byName.set(tool.name, tool);
    }
  }

  /** Replaces the tools after the built-in ones (in the order given); a name a built-in has is ignored. */
  setExtra(tools: readonly AnyTool[]): void {
    const next = new Map<string, AnyTool>();
    for (const tool of tools) if (!this.byName.has(tool.name) && !next.has(tool.name)) next.set(tool.name, tool);
    this.extra = next;
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name) ?? this.extra.get(name);
  }

  names(): string[] {
    return [...this.byName.keys(), ...this.extra.keys()];
  }

  /** Sent to the API exactly as registered: built-in tools first, then the others. */
  definitions(): ToolDefinition[] {
    return [...this.byName.values(), ...this.extra.values()].map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
  }

  /** The ids of successful results whose tool pins them (a started skill), so compaction keeps them. */
  resultsToPin(uses: readonly { id: string; name: string }[], results: readonly { type: string; tool_use_id?: string; is_error?: boolean }[]): string[] {
    const pins = new Set(uses.filter((u) => this.get(u.name)?.pinsResult).map((u) => u.id));
    return results.filter((r) => r.type === 'tool_result' && !r.is_error && r.tool_use_id && pins.has(r.tool_use_id)).map((r) => r.tool_use_id!);
  }

  /** Whether this particular call may run alongside other read-only calls. Unknown tools are not. */
  isReadOnlyCall(name: string, input: unknown): boolean {
    const tool = this.get(name);
    if (!tool) return false;
    if (tool.isReadOnlyCall) {
      try {
        return tool.isReadOnlyCall(input as Record<string, unknown>);
      } catch {
        return false;
      }
    }
    return tool.readOnly;
  }
}
