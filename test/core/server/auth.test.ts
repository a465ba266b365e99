// Credential classification and route authorization (pure), and one-time login codes.
import { describe, expect, it } from 'vitest';
import { authorize, bearerToken, identifyCaller, safeEqual, SecretMatcher, type Caller, type RouteAccess } from '../../../main/core/server/auth.js';
import { ApproverSessions } from '../../../main/core/server/sessions.js';

const tokens = { agentToken: 'agent-token-0123456789abcdef', approverToken: 'approver-token-0123456789abcdef' };
const secrets = { agent: new SecretMatcher(tokens.agentToken), approver: new SecretMatcher(tokens.approverToken) };

describe('identifyCaller', () => {
  const session = 'live-web-session-0123456789';
  const isSession = (t: string) => t === session;
  const rows: Array<[string, string | null, Caller]> = [
    ['agent token', tokens.agentToken, 'agent'],
    ['approver token', tokens.approverToken, 'approver'],
    ['a live web session token', session, 'approver'],
    ['nothing', null, 'anonymous'],
    ['unknown bearer', 'nope-nope-nope-nope', 'invalid'],
    ['malformed Authorization', '', 'invalid'],
    ['agent token with a suffix', `${tokens.agentToken}x`, 'invalid'],
    ['a session token with a suffix', `${session}x`, 'invalid'],
  ];
  it.each(rows)('%s', (_n, bearer, expected) => {
    expect(identifyCaller(bearer, secrets, isSession)).toBe(expected);
  });

  it('has no approver token unless one is configured', () => {
    expect(identifyCaller(tokens.approverToken, { ...secrets, approver: undefined }, isSession)).toBe('invalid');
  });

  it('never asks whether the agent token is a session (it is the agent, whatever else)', () => {
    expect(identifyCaller(tokens.agentToken, secrets, () => true)).toBe('agent');
  });
});

describe('bearerToken', () => {
  it.each([
    [undefined, null],
    ['Bearer abc.DEF_-~+/=', 'abc.DEF_-~+/='],
    ['bearer abc', ''],
    ['Basic dXNlcjpwYXNz', ''],
    ['Bearer  abc', ''],
    ['Bearer abc def', ''],
  ])('%s', (header, expected) => expect(bearerToken(header)).toBe(expected));
});

describe('authorize', () => {
  const rows: Array<[RouteAccess, Caller, true | 401 | 403]> = [
    ['open', 'anonymous', true],
    ['open', 'invalid', true],
    ['A', 'agent', true],
    ['A', 'approver', true],
    ['A', 'anonymous', 401],
    ['A', 'invalid', 401],
    ['P', 'approver', true],
    ['P', 'agent', 403],
    ['P', 'anonymous', 401],
    ['P', 'invalid', 401],
  ];
  it.each(rows)('%s route, %s caller', (access, caller, expected) => {
    const r = authorize(access, caller);
    if (expected === true) expect(r.ok).toBe(true);
    else expect(r).toMatchObject({ ok: false, status: expected });
  });
});

describe('safeEqual', () => {
  it('compares content, whatever the lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});

describe('ApproverSessions', () => {
  it('redeems a login code once and only within 10 minutes', () => {
    let now = 1_000_000;
    const sessions = new ApproverSessions(() => now);
    const code = sessions.issueCode();
    const session = sessions.redeem(code);
    expect(session).toEqual(expect.any(String));
    expect(sessions.isValid(session ?? undefined)).toBe(true);
    expect(sessions.redeem(code)).toBeNull();

    const late = sessions.issueCode();
    now += 10 * 60 * 1000 + 1;
    expect(sessions.redeem(late)).toBeNull();
    expect(sessions.redeem('made-up')).toBeNull();
    expect(sessions.isValid('made-up')).toBe(false);
    expect(sessions.isValid(undefined)).toBe(false);
  });
});
