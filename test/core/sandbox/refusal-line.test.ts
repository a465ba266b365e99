// The sandbox's violation lines as refusals: only what the command's own profile refuses counts.
import { describe, expect, it } from 'vitest';
import type { ContainedProfile } from '../../../common/domain.js';
import { refusalOf } from '../../../main/core/sandbox/refusal-line.js';

const profile: ContainedProfile = { writable: ['/w', '/tmp'], unwritable: ['/w/.git/hooks'], unreadable: ['/w/**/.env'], hosts: ['example.com'] };
const at = new Date('2026-03-01T10:00:00Z');
const always = ['/root/.npm/_logs'];

describe('refusalOf', () => {
  it.each([
    ['deny openat /home/u/outside.txt', { kind: 'write', target: '/home/u/outside.txt' }],
    ['deny unlinkat /w/.git/hooks/pre-commit', { kind: 'write', target: '/w/.git/hooks/pre-commit' }],
    ['deny openat /w/../etc/passwd', { kind: 'write', target: '/etc/passwd' }],
    ['deny network-outbound evil.example:443 (Gatehouse refused evil.example:443)', { kind: 'network', target: 'evil.example:443', detail: 'Gatehouse refused evil.example:443' }],
    ['deny socks-tunnel 10.0.0.1:22 (refuseOpaqueTunnels)', { kind: 'network', target: '10.0.0.1:22' }],
    ['deny http-request GET http://evil.example/x (user denied)', { kind: 'network', target: 'http://evil.example/x', detail: 'user denied' }],
    ['bash(12) deny(1) file-read-data /Users/u/.ssh/id_rsa', { kind: 'read', target: '/Users/u/.ssh/id_rsa' }],
    ['bash(12) deny(1) file-write-create /Users/u/x', { kind: 'write', target: '/Users/u/x' }],
  ])('%s is a refusal', (line, expected) => {
    expect(refusalOf(line, at, profile, always)).toMatchObject({ ...expected, at: at.toISOString() });
  });

  it.each([
    'deny openat /w/src/inside.txt', // the profile lets it write there: the monitor judged it against its own (empty) lists
    'deny openat /tmp/x',
    'deny openat /dev/null',
    'deny openat /root/.npm/_logs/debug.log',
    'something else entirely',
    'deny openat relative/path',
  ])('%s is not', (line) => {
    expect(refusalOf(line, at, profile, always)).toBeNull();
  });
});
