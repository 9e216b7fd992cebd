// An approval_request as ACP's session/request_permission: allow once, allow always (to the
// person's remembered-choice store, when the call can be remembered), reject once, reject always
// (remembered for this session: the store keeps only allow rules). A cancelled request is a no.
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse, ToolCallContent } from '@agentclientprotocol/sdk';
import type { AgentEvent } from '../core/events.js';
import type { ApprovalDecision } from '../core/permissions/approval.js';
import { textContent } from './bash-content.js';
import { toolKind, toolLocations, toolTitle } from './tool-call-view.js';

type ApprovalRequest = Extract<AgentEvent, { type: 'approval_request' }>;

const OPTION = {
  allowOnce: { optionId: 'allow-once', name: 'Allow', kind: 'allow_once' },
  allowAlways: { optionId: 'allow-always', name: 'Always allow', kind: 'allow_always' },
  rejectOnce: { optionId: 'reject-once', name: 'Reject', kind: 'reject_once' },
  rejectAlways: { optionId: 'reject-always', name: 'Always reject (this session)', kind: 'reject_always' },
} as const satisfies Record<string, PermissionOption>;

/** What the editor shows beside the question: the edit's changed regions, the command and its findings. */
function previewContent(event: ApprovalRequest, workspaceRoot: string): ToolCallContent[] {
  const p = event.preview;
  if (p.kind === 'edit') {
    const at = toolLocations('edit_file', { path: p.path }, workspaceRoot)[0]?.path ?? p.path;
    return p.hunks.length > 0
      ? p.hunks.map((h) => ({ type: 'diff', path: at, oldText: p.created ? null : h.oldLines.join('\n'), newText: h.newLines.join('\n') }))
      : [textContent(p.diff)];
  }
  if (p.kind === 'command') return [textContent([`$ ${p.command}`, `in ${p.cwd}`, ...p.findings, event.reason].join('\n'))];
  return [textContent(event.reason)];
}

export function permissionRequest(sessionId: string, event: ApprovalRequest, workspaceRoot: string): RequestPermissionRequest {
  const options: PermissionOption[] = event.remember
    ? [OPTION.allowOnce, { ...OPTION.allowAlways, name: `Always allow ${event.remember.label}` }, OPTION.rejectOnce, OPTION.rejectAlways]
    : [OPTION.allowOnce, OPTION.rejectOnce];
  return {
    sessionId,
    toolCall: {
      toolCallId: event.id,
      title: toolTitle(event.tool, event.input),
      kind: toolKind(event.tool),
      status: 'pending',
      rawInput: event.input,
      locations: toolLocations(event.tool, event.input, workspaceRoot),
      content: previewContent(event, workspaceRoot),
    },
    options,
  };
}

/** The editor's answer as the person's decision; `rejectAlways` is told when the rule is to be refused from now on. */
export function decisionOf(response: RequestPermissionResponse | undefined): { decision: ApprovalDecision; rejectAlways?: true } {
  const outcome = response?.outcome;
  if (!outcome || outcome.outcome === 'cancelled') return { decision: { kind: 'no', message: 'The person cancelled the request.' } };
  switch (outcome.optionId) {
    case OPTION.allowOnce.optionId:
      return { decision: { kind: 'yes' } };
    case OPTION.allowAlways.optionId:
      return { decision: { kind: 'yes-always' } };
    case OPTION.rejectAlways.optionId:
      return { decision: { kind: 'no', message: 'The person refused this, and every call like it for the rest of the session.' }, rejectAlways: true };
    default:
      return { decision: { kind: 'no' } };
  }
}
