// The strict reader of hook answers: only exact Claude Code shapes for the asked event pass.
import { describe, expect, it } from 'vitest';
import { parseHookOutput } from '../../../main/core/hook-client/output.js';

const pre = (o: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
const perm = (decision: unknown) => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });
const rule = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test' }], behavior: 'allow', destination: 'localSettings' };

describe('parseHookOutput accepts', () => {
  it.each([
    ['no decision', {}, 'PreToolUse'],
    ['PreToolUse allow', pre({ permissionDecision: 'allow', permissionDecisionReason: 'rule Bash(npm test)' }), 'PreToolUse'],
    ['PreToolUse deny', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' }), 'PreToolUse'],
    ['PreToolUse allow with updatedInput', pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } }), 'PreToolUse'],
    ['PermissionRequest allow', perm({ behavior: 'allow' }), 'PermissionRequest'],
    ['PermissionRequest allow + input + permissions', perm({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: [rule] }), 'PermissionRequest'],
    ['PermissionRequest deny', perm({ behavior: 'deny', message: 'no', interrupt: false }), 'PermissionRequest'],
  ])('%s', (_n, value, event) => {
    expect(parseHookOutput(value, event)).toEqual(value);
  });
});

describe('parseHookOutput refuses', () => {
  it.each([
    ['null', null, 'PreToolUse'],
    ['an array', [], 'PreToolUse'],
    ['a string', 'allow', 'PreToolUse'],
    ['answer for the other event', pre({ permissionDecision: 'allow' }), 'PermissionRequest'],
    ['PermissionRequest answer to PreToolUse', perm({ behavior: 'allow' }), 'PreToolUse'],
    ['unknown event', pre({ permissionDecision: 'allow' }), 'PostToolUse'],
    ['extra top-level key', { ...pre({ permissionDecision: 'allow' }), continue: true }, 'PreToolUse'],
    ['extra key inside', pre({ permissionDecision: 'allow', suppressOutput: true }), 'PreToolUse'],
    ['ask (we never answer ask)', pre({ permissionDecision: 'ask' }), 'PreToolUse'],
    ['uppercase decision', pre({ permissionDecision: 'ALLOW' }), 'PreToolUse'],
    ['decision missing', pre({}), 'PreToolUse'],
    ['reason not a string', pre({ permissionDecision: 'allow', permissionDecisionReason: 1 }), 'PreToolUse'],
    ['updatedInput an array', pre({ permissionDecision: 'allow', updatedInput: [] }), 'PreToolUse'],
    ['additionalContext (never sent: it changes the conversation the real agent has)', pre({ permissionDecision: 'allow', additionalContext: 'x' }), 'PreToolUse'],
    ['behavior missing', perm({}), 'PermissionRequest'],
    ['decision a string', perm('allow'), 'PermissionRequest'],
    ['deny without interrupt', perm({ behavior: 'deny', message: 'no' }), 'PermissionRequest'],
    ['deny with interrupt as string', perm({ behavior: 'deny', message: 'no', interrupt: 'false' }), 'PermissionRequest'],
    ['allow with extra key', perm({ behavior: 'allow', message: 'x' }), 'PermissionRequest'],
    ['permissions not a list', perm({ behavior: 'allow', updatedPermissions: rule }), 'PermissionRequest'],
    ['permission with mode change', perm({ behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] }), 'PermissionRequest'],
    ['permission adding a deny', perm({ behavior: 'allow', updatedPermissions: [{ ...rule, behavior: 'deny' }] }), 'PermissionRequest'],
    ['permission with empty rules', perm({ behavior: 'allow', updatedPermissions: [{ ...rule, rules: [] }] }), 'PermissionRequest'],
    ['permission with odd destination', perm({ behavior: 'allow', updatedPermissions: [{ ...rule, destination: 'everywhere' }] }), 'PermissionRequest'],
  ])('%s', (_n, value, event) => {
    expect(parseHookOutput(value, event)).toBeNull();
  });
});
