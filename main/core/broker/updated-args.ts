// Edit-and-approve: the person's replacement args must still be a valid call of the same tool.
import { InputError } from './errors.js';

type Kind = 'string' | 'number' | 'boolean' | 'array';
interface Shape {
  required: Record<string, Kind>;
  optional: Record<string, Kind>;
}

// Claude Code tool_input shapes (PROTOCOLS.md, Claude Code 2.x).
const CLAUDE_CODE_SHAPES: Record<string, Shape> = {
  Bash: { required: { command: 'string' }, optional: { description: 'string', timeout: 'number', run_in_background: 'boolean' } },
  Write: { required: { file_path: 'string', content: 'string' }, optional: {} },
  Edit: { required: { file_path: 'string', old_string: 'string', new_string: 'string' }, optional: { replace_all: 'boolean' } },
  MultiEdit: { required: { file_path: 'string', edits: 'array' }, optional: {} },
  Read: { required: { file_path: 'string' }, optional: { offset: 'number', limit: 'number' } },
  NotebookEdit: {
    required: { notebook_path: 'string', new_source: 'string' },
    optional: { cell_id: 'string', cell_type: 'string', edit_mode: 'string' },
  },
  WebFetch: { required: { url: 'string', prompt: 'string' }, optional: {} },
  Glob: { required: { pattern: 'string' }, optional: { path: 'string' } },
};

/**
 * Checks edited args: a plain object; for Claude Code's own tools, the tool's shape (keys the agent itself sent are
 * kept allowed so a newer Claude Code field survives an edit). Throws InputError naming the field.
 */
export function validateUpdatedArgs(agent: string, toolName: string, original: Record<string, unknown>, updated: unknown): Record<string, unknown> {
  if (typeof updated !== 'object' || updated === null || Array.isArray(updated)) {
    throw new InputError('updated_args must be a JSON object');
  }
  const args = updated as Record<string, unknown>;
  const shape = agent === 'claude-code' ? CLAUDE_CODE_SHAPES[toolName] : undefined;
  if (!shape) return args;
  for (const [key, kind] of Object.entries(shape.required)) {
    if (!(key in args)) throw new InputError(`updated_args.${key} is required for ${toolName}`);
    checkKind(key, kind, args[key]);
  }
  for (const [key, value] of Object.entries(args)) {
    const kind = shape.required[key] ?? shape.optional[key];
    if (kind) checkKind(key, kind, value);
    else if (!(key in original)) throw new InputError(`updated_args.${key} is not a field of ${toolName}`);
  }
  if (toolName === 'MultiEdit') checkEdits(args['edits'] as unknown[]);
  return args;
}

function checkKind(key: string, kind: Kind, value: unknown): void {
  const ok = kind === 'array' ? Array.isArray(value) : typeof value === kind;
  if (!ok) throw new InputError(`updated_args.${key} must be ${kind === 'array' ? 'an array' : `a ${kind}`}`);
}

function checkEdits(edits: unknown[]): void {
  if (edits.length === 0) throw new InputError('updated_args.edits must not be empty');
  edits.forEach((e, i) => {
    const edit = e as Record<string, unknown> | null;
    if (typeof edit !== 'object' || edit === null || typeof edit['old_string'] !== 'string' || typeof edit['new_string'] !== 'string') {
      throw new InputError(`updated_args.edits[${i}] needs old_string and new_string strings`);
    }
    if (edit['replace_all'] !== undefined && typeof edit['replace_all'] !== 'boolean') {
      throw new InputError(`updated_args.edits[${i}].replace_all must be a boolean`);
    }
  });
}
