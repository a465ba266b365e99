// Reading an agent's reason for refusing a call from its session transcript (Gemini CLI 0.61's JSONL): only a refusal
// recorded for the call with these arguments counts; everything else gives no reason.
import { describe, expect, it } from 'vitest';
import { refusalInTranscript } from '../../../main/core/snapshots/transcript.js';

const call = (args: Record<string, unknown>, status: string, why: unknown, where: 'display' | 'response' = 'display') =>
  JSON.stringify({
    type: 'gemini',
    toolCalls: [{ id: 'c', name: 'run_shell_command', args, status, ...(where === 'display' ? { resultDisplay: why } : { result: [{ functionResponse: { response: { error: why } } }] }) }],
  });

const ARGS = { command: 'echo hi > f.txt', description: 'as asked' };

describe('refusalInTranscript', () => {
  it.each<[string, string, Record<string, unknown>, string | null]>([
    ['denied by policy, in resultDisplay', call(ARGS, 'error', 'Tool execution denied by policy.'), ARGS, 'Tool execution denied by policy.'],
    ['non-interactive confirmation, in the function response', call(ARGS, 'error', 'Tool execution for "Shell" requires user confirmation, which is not supported in non-interactive mode.', 'response'), { command: ARGS.command }, 'Tool execution for "Shell" requires user confirmation, which is not supported in non-interactive mode.'],
    ['the last of two refusals of the same call', `${call(ARGS, 'error', 'Tool execution denied by policy.')}\n${call(ARGS, 'error', 'Tool execution denied by policy. Not here.')}`, ARGS, 'Tool execution denied by policy. Not here.'],
    ['hostile: a refusal recorded for another command', call({ command: 'echo other' }, 'error', 'Tool execution denied by policy.'), ARGS, null],
    ['hostile: a call that succeeded, whatever its output says', call(ARGS, 'success', 'denied by policy'), ARGS, null],
    ['an error that is no refusal (the command failed)', call(ARGS, 'error', 'Command exited with code 1'), ARGS, null],
    ['lines that are not JSON, and an empty transcript', 'toolCalls {not json\n\n', ARGS, null],
    ['arguments with no string to find the call by', call({}, 'error', 'Tool execution denied by policy.'), {}, null],
    ['a toolCalls that is not a list', JSON.stringify({ toolCalls: { args: ARGS, status: 'error', resultDisplay: 'denied by policy' } }), ARGS, null],
  ])('%s', (_, text, args, reason) => {
    expect(refusalInTranscript(text, args)).toBe(reason);
  });
});
