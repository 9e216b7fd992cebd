// The five file tools, for the registry.
import { editFileTool } from './edit_file.js';
import { createGrepTool } from './grep_search.js';
import { listFilesTool } from './list_files.js';
import { readFileTool } from './read_file.js';
import type { AnyTool } from './tool.js';
import { writeFileTool } from './write_file.js';

export function fileTools(): AnyTool[] {
  // A fresh grep tool per call: each agent looks up rg on its own PATH once.
  return [readFileTool, writeFileTool, editFileTool, listFilesTool, createGrepTool()];
}
