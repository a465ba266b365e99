// OpenCode serve's permission questions as Gatehouse reads them, and Gatehouse's answers as OpenCode's replies
// (recorded from OpenCode 1.18.33's event stream and message API).
import { describe, expect, it } from 'vitest';
import { askedCall, failedReply, readPermissionAsked, replyOf, submissionOf } from '../../../main/core/agents/opencode/permission-ask.js';
import type { GateAnswer } from '../../../main/core/mcp/gate.js';

const ASKED = {
  id: 'per_1',
  sessionID: 'ses_1',
  permission: 'bash',
  patterns: ['touch held.txt'],
  metadata: { command: 'touch held.txt' },
  always: ['touch *'],
  tool: { messageID: 'msg_1', callID: 'call_1' },
};
const MESSAGE = {
  info: { id: 'msg_1', sessionID: 'ses_1', role: 'assistant', path: { cwd: '/w', root: '/' } },
  parts: [
    { id: 'prt_0', sessionID: 'ses_1', messageID: 'msg_1', type: 'step-start' },
    { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'tool', callID: 'call_1', tool: 'bash', state: { status: 'running', input: { command: 'touch held.txt', description: 'x' } } },
  ],
};
const ask = readPermissionAsked(ASKED)!;

describe('permission.asked read strictly', () => {
  it.each([
    ['no id', { ...ASKED, id: undefined }],
    ['an empty session', { ...ASKED, sessionID: '' }],
    ['a permission that is not a string', { ...ASKED, permission: ['bash'] }],
    ['not an object', 'bash'],
  ])('%s is not a question', (_why, props) => {
    expect(readPermissionAsked(props)).toBeNull();
  });

  it('keeps a tool reference only when both ids are there', () => {
    expect(readPermissionAsked({ ...ASKED, tool: { messageID: 'msg_1' } })?.tool).toBeUndefined();
    expect(ask.tool).toEqual({ messageID: 'msg_1', callID: 'call_1' });
  });
});

describe('the call a question is about', () => {
  it('is the tool part with its call id, in its session', () => {
    expect(askedCall(ask, MESSAGE)).toEqual({ tool: 'bash', input: { command: 'touch held.txt', description: 'x' }, cwd: '/w' });
  });

  it.each([
    ['another call id', { ...MESSAGE, parts: [{ ...MESSAGE.parts[1], callID: 'call_2' }] }],
    ["another session's part", { ...MESSAGE, parts: [{ ...MESSAGE.parts[1], sessionID: 'ses_2' }] }],
    ['no input', { ...MESSAGE, parts: [{ ...MESSAGE.parts[1], state: { status: 'pending' } }] }],
    ['no parts', { info: MESSAGE.info }],
    ['not a message', null],
  ])('is not read from %s', (_why, message) => {
    expect(typeof askedCall(ask, message)).toBe('string');
  });
});

describe('what Gatehouse is asked', () => {
  it("is the call in Gatehouse's vocabulary, in the session's folder", () => {
    expect(submissionOf(ask, { tool: 'bash', input: { command: 'npm test', description: 'tests' }, cwd: '/w' }, '/other')).toEqual({
      agent: 'opencode', session_id: 'ses_1', cwd: '/w', tool_name: 'Bash', args: { command: 'npm test', description: 'tests' }, description: 'tests',
    });
  });

  it('keeps OpenCode\'s name for a call with a field Gatehouse does not read', () => {
    expect(submissionOf(ask, { tool: 'bash', input: { command: 'ls', env: { X: '1' } }, cwd: null }, '/w')).toMatchObject({ tool_name: 'bash', cwd: '/w' });
  });

  it('is an unknown tool named after the permission when it is about no call', () => {
    const { tool, ...bare } = ASKED;
    expect(submissionOf(readPermissionAsked(bare)!, null, '/w')).toEqual({
      agent: 'opencode', session_id: 'ses_1', cwd: '/w', tool_name: 'opencode_bash', args: { permission: 'bash', patterns: ['touch held.txt'], metadata: { command: 'touch held.txt' } },
    });
  });
});

describe("Gatehouse's answer as OpenCode's reply", () => {
  const args = { command: 'touch held.txt' };
  const answer = (status: GateAnswer['status'], decision?: Record<string, unknown>, verdict: Record<string, unknown> = {}): GateAnswer =>
    ({ status, verdict: { reasons: ['a rule'], ...verdict }, ...(decision ? { decision } : {}) }) as GateAnswer;

  it.each([
    ['an approval', answer('approved', { reason: 'ok' }), 'once'],
    ['an approval for the session (never OpenCode\'s wider "always")', answer('approved', { reason: 'ok', scope: 'always' }), 'once'],
    ['an approval of an edited call', answer('approved', { updated_args: { command: 'touch other.txt' } }), 'reject'],
    ['an approval to run contained', answer('approved', {}, { contained: { why: 'x' } }), 'reject'],
    ['a denial', answer('denied', { reason: 'not today' }), 'reject'],
    ['no decision in time', answer('pending'), 'reject'],
    ['an expired request', answer('expired'), 'reject'],
  ])('%s is %s', (_why, a, reply) => {
    expect(replyOf(a, args).reply).toBe(reply);
  });

  it('hands the reason of a refusal to the model', () => {
    expect(replyOf(answer('denied', { reason: 'not today' }), args).message).toContain('not today');
    expect(replyOf(answer('approved', { updated_args: { command: 'x' } }), args).message).toContain('OpenCode can only run it as it asked');
    expect(failedReply('Gatehouse is not running')).toEqual({ reply: 'reject', message: expect.stringContaining('Gatehouse is not running') });
  });
});
