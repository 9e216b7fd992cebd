// /mcp: each MCP server with its state (starting, ready, failed and why, reconnecting, off), its
// command or URL, its tools and any it left out; ↑/↓ select, r starts it again, d turns it off.
import React from 'react';
import { Box } from 'ink';
import type { McpViewState, SafeMcpServer } from '../src/store/mcp-state.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { fitLine, paint, wrapWithPrefix } from './text-layout.js';

function stateText(s: SafeMcpServer): string {
  const st = s.state;
  switch (st.status) {
    case 'ready': return paint.ok(`ready · ${s.tools.length} tool${s.tools.length === 1 ? '' : 's'}`);
    case 'starting': return paint.warn('starting…');
    case 'failed': return paint.error(`failed: ${st.reason}`);
    case 'reconnecting': return paint.warn(`reconnecting (attempt ${st.attempt}): ${st.reason}`);
    case 'disabled': return paint.dim('off for this session');
    case 'untrusted': return paint.dim('waits for the workspace to be trusted');
    case 'needs-login': return paint.warn('needs login (l logs in)');
  }
}

/** A login waiting: the whole URL (wrapped, never cut, so it can be copied) and the paste field. */
function loginLines(login: NonNullable<McpViewState['login']>, width: number): string[] {
  const out = [paint.bold(fitLine(` Logging in to ${login.server}`, width))];
  if (!login.url) return [...out, paint.dim('  asking the server where to log in…')];
  out.push(paint.dim(fitLine(login.opened ? '  A browser opened at this address (Ctrl+Y copies it):' : '  Open this address in a browser (Ctrl+Y copies it):', width)));
  // Hard-wrapped at the width: a URL has no spaces to wrap at.
  for (let i = 0; i < login.url.length; i += Math.max(10, width - 2)) out.push(`  ${login.url.slice(i, i + Math.max(10, width - 2))}`);
  out.push(paint.dim(fitLine('  If the browser cannot reach this machine, paste the address it was sent to, then Enter (Esc stops):', width)));
  out.push(fitLine(`  > ${login.typed}▏`, width));
  return out;
}

export function mcpViewLines(m: McpViewState | null, width: number): string[] {
  const out = [paint.bold(` MCP servers${m ? ` · ${m.summary}` : ''}`), ''];
  if (!m || m.servers.length === 0) return [...out, paint.dim('  none configured (inkling mcp add <name> -- <command…>)')];
  m.servers.forEach((s, i) => {
    const mark = i === m.selected ? paint.accent('▌ ') : '  ';
    out.push(fitLine(`${mark}${paint.bold(s.name)}  ${stateText(s)}`, width));
    out.push(fitLine(`    ${paint.dim(`${s.transport} · ${s.target}`)}`, width));
    if (s.tools.length > 0) {
      const names = s.tools.map((t) => `${t.serverTool}${t.readOnly ? '' : '*'}`).join(', ');
      out.push(...wrapWithPrefix(names, width, '    tools: ').map((l) => paint.dim(l)));
    }
    const extras = [
      s.resources.length + s.templates.length > 0 ? `${s.resources.length} resource${s.resources.length === 1 ? '' : 's'}${s.templates.length > 0 ? ` + ${s.templates.length} template${s.templates.length === 1 ? '' : 's'}` : ''} (@${s.name}:…)` : '',
      s.prompts.length > 0 ? `${s.prompts.length} prompt${s.prompts.length === 1 ? '' : 's'} (/mcp__${s.name}__…)` : '',
    ].filter(Boolean);
    if (extras.length > 0) out.push(fitLine(paint.dim(`    ${extras.join(' · ')}`), width));
    for (const skipped of s.skippedTools) out.push(paint.warn(fitLine(`    left out: ${skipped.name} — ${skipped.reason}`, width)));
    if (s.logPath) out.push(fitLine(paint.dim(`    stderr: ${s.logPath}`), width));
    out.push('');
  });
  if (m.login) out.push(...loginLines(m.login, width));
  else out.push(paint.dim('  * may change things (asks unless allowed) · ↑/↓ select · r start again · d turn off · l log in · Esc close'));
  return out;
}

export function McpView({ height, width }: { height: number; width: number }) {
  const m = useApp((s) => s.mcp);
  const lines = mcpViewLines(m, width);
  // Keep the selected server in view: start at its first row when the list is taller than the view.
  let top = 0;
  if (m && lines.length > height) {
    const selectedRow = lines.findIndex((l) => l.includes('▌'));
    // A waiting login's URL and field are at the end: they stay in view.
    top = m.login ? lines.length - height : Math.max(0, Math.min(selectedRow - 2, lines.length - height));
  }
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={lines.slice(top, top + height)} />
    </Box>
  );
}
