// The "approve for session" choices a request offers, following how people think about each tool, and the grant a
// choice stands for: Gatehouse fills in the file, the workspace and the tool from the reviewed call itself; only a
// command prefix is the person's own words (checked to cover the call before it is granted).
import path from 'node:path';
import type { ToolRequest } from '../../../../common/domain.js';
import { describeGrant, type GrantChoice, type GrantInput } from '../../../../common/grants.js';
import { describeArgs } from '../../../../common/summary.js';
import { shellTarget, toolFamily } from '../request/tools.js';

/** The one file a file tool names (absolute), or null for searches and folders. */
function fileOf(request: ToolRequest): string | null {
  const a = request.args;
  const named = [a['file_path'], a['notebook_path'], a['absolute_path']].find((v): v is string => typeof v === 'string' && v !== '');
  if (named === undefined) return null;
  if (path.isAbsolute(named)) return path.normalize(named);
  return request.cwd === null ? null : path.resolve(request.cwd, named);
}

/** The words that name one exact call in a grant. */
function callValue(request: ToolRequest): string {
  if (toolFamily(request.tool_name) === 'shell') {
    const target = shellTarget(request);
    return target.command || (target.argv ?? []).join(' ');
  }
  return describeArgs(request.tool_name, request.args) ?? JSON.stringify(request.args).slice(0, 200);
}

/** Why a folder cannot be a workspace (project-folder.ts, with the person's home and temp folders), or null. */
export type WorkspaceProblem = (dir: string) => string | null;

/**
 * The grant a person's choice stands for, with the values Gatehouse takes from the call; null when it does not fit.
 * "The whole workspace" only when the agent's cwd is a project folder: never the home, `/` or a folder holding them.
 */
export function grantFromChoice(request: ToolRequest, input: GrantInput | undefined, workspaceProblem: WorkspaceProblem): (GrantInput & { value: string }) | null {
  const kind = input?.kind ?? 'call';
  switch (kind) {
    case 'call':
      return { kind, value: callValue(request) };
    case 'file': {
      const file = fileOf(request);
      return file === null ? null : { kind, value: file };
    }
    case 'workspace':
      return request.cwd === null || workspaceProblem(request.cwd) !== null ? null : { kind, value: path.normalize(request.cwd) };
    case 'prefix':
    case 'shape':
      return typeof input?.value === 'string' ? { kind, value: input.value.trim() } : null;
    case 'tool':
      return { kind, value: request.tool_name };
  }
}

/**
 * The choices the dialog offers for a request, the one most people mean first. `prefix` is the suggested command
 * prefix; `shape` the command with its volatile words as placeholders (`kill <pid>`), or null; `writes` the workspace
 * files the command writes that a prefix or shape grant also covers (grantableWrites), or null when something in the
 * command keeps any prefix from covering it: then only "this exact command" is offered.
 */
export function grantChoices(request: ToolRequest, prefix: string | null, workspaceProblem: WorkspaceProblem, writes: string[] | null = [], shape: string | null = null): GrantChoice[] {
  const family = toolFamily(request.tool_name);
  const wider: GrantInput[] = writes === null ? [] : [...(shape === null ? [] : [{ kind: 'shape' as const, value: shape }]), ...(prefix === null ? [] : [{ kind: 'prefix' as const, value: prefix }])];
  const kinds: GrantInput[] =
    family === 'shell' ? [{ kind: 'call' }, ...wider]
    : family === 'read' || family === 'write' ? [{ kind: 'file' }, { kind: 'workspace' }, { kind: 'call' }]
    : family === 'mcp' ? [{ kind: 'tool' }, { kind: 'call' }]
    : [{ kind: 'call' }];
  const choices: GrantChoice[] = [];
  for (const k of kinds) {
    const grant = grantFromChoice(request, k, workspaceProblem);
    if (grant === null) continue;
    const also = (grant.kind === 'prefix' || grant.kind === 'shape') && writes !== null && writes.length > 0 ? writes : undefined;
    const choice: GrantChoice = { grant, label: describeGrant(request.tool_name, grant, also) };
    if (grant.kind === 'prefix') choice.editable = true;
    if (also) choice.writes = also;
    choices.push(choice);
  }
  return choices;
}
