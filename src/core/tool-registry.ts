// Maps tool names to tools; the loop never changes when a tool is added.
import type { ToolDefinition } from './providers/provider.js';
import type { AnyTool } from './tools/tool.js';

export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();

  constructor(tools: AnyTool[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
      if (!Array.isArray(tool.inputSchema.required)) throw new Error(`tool ${tool.name}: input schema needs a required array`);
      this.byName.set(tool.name, tool);
    }
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Sent to the API exactly as registered. */
  definitions(): ToolDefinition[] {
    return [...this.byName.values()].map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
  }

  /** Whether this particular call may run alongside other read-only calls. Unknown tools are not. */
  isReadOnlyCall(name: string, input: unknown): boolean {
    const tool = this.byName.get(name);
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
