// Edit-and-approve: the person's edited file content turned back into the tool's own argument shape,
// because Claude Code's `updatedInput` replaces the tool input and must still be valid for that tool.
import type { FileChangeReview } from '../../common/api.js';

/**
 * The args to approve instead of the agent's, or null when this tool's proposal cannot be edited.
 * Edit/MultiEdit become one whole-file replacement (`old_string` = the file as reviewed, which occurs in it
 * exactly once), so the edited text is what lands on disk even when the person changed lines the agent's
 * edit did not touch. If the file changes on disk after the review, Claude Code's Edit fails to match
 * instead of writing something the person did not see.
 */
export function editedArgs(toolName: string, args: Record<string, unknown>, review: FileChangeReview, edited: string): Record<string, unknown> | null {
  if (review.problem) return null;
  switch (toolName) {
    case 'Write':
      return { ...args, content: edited };
    case 'Edit':
      return { file_path: args.file_path, old_string: review.original, new_string: edited, replace_all: false };
    case 'MultiEdit':
      return { file_path: args.file_path, edits: [{ old_string: review.original, new_string: edited, replace_all: false }] };
    case 'NotebookEdit':
      return { ...args, new_source: edited };
    default:
      return null;
  }
}

/** Whether the review's proposed side may be edited for this tool. */
export function isEditable(toolName: string, review: FileChangeReview): boolean {
  return editedArgs(toolName, {}, review, '') !== null;
}
