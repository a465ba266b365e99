// The Python client's own Ed25519 check (python/gatehouse_client.py, standard library only) against signatures Node
// makes with the instance key code the server uses: the real one passes, every forgery or malformed input fails.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInstanceKey } from '../../main/core/endpoint/instance-key.js';
import { ROOT } from '../core/cli/run-cli.js';

const PYTHON = spawnSync('python3', ['--version']).status === 0;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

const key = createInstanceKey();
const nonce = 'nonce-0123456789abcdefghijklmnop';
const body = JSON.stringify({ id: '01X', status: 'approved', verdict: { reasons: ['é ✓'] } });
const signature = key.sign(nonce, body);
const sigBytes = Buffer.from(signature, 'base64');

/** The signature with S + L in place of S: the same point equation, refused by RFC 8032's S < L check. */
function malleable(): string {
  const s = BigInt(`0x${Buffer.from(sigBytes.subarray(32)).reverse().toString('hex')}`) + L;
  const le = Buffer.from(s.toString(16).padStart(64, '0'), 'hex').reverse();
  return Buffer.concat([sigBytes.subarray(0, 32), le]).toString('base64');
}
const flipped = (b: Buffer, at: number) => {
  const c = Buffer.from(b);
  c[at]! ^= 1;
  return c.toString('base64');
};

type Case = [name: string, publicKey: string, nonce: string, body: string, signature: string | null, believed: boolean];
const CASES: Case[] = [
  ['the instance signature', key.publicKey, nonce, body, signature, true],
  ['another instance key', createInstanceKey().publicKey, nonce, body, signature, false],
  ['signed by another key', key.publicKey, nonce, body, createInstanceKey().sign(nonce, body), false],
  ['another nonce (a replayed answer)', key.publicKey, `${nonce}x`, body, signature, false],
  ['a changed body', key.publicKey, nonce, body.replace('approved', 'approvee'), signature, false],
  ['a flipped bit in R', key.publicKey, nonce, body, flipped(sigBytes, 3), false],
  ['a flipped bit in S', key.publicKey, nonce, body, flipped(sigBytes, 40), false],
  ['S + L (malleated)', key.publicKey, nonce, body, malleable(), false],
  ['no signature', key.publicKey, nonce, body, null, false],
  ['an empty signature', key.publicKey, nonce, body, '', false],
  ['a truncated signature', key.publicKey, nonce, body, sigBytes.subarray(0, 63).toString('base64'), false],
  ['not base64', key.publicKey, nonce, body, '!!!!', false],
  ['all zero', key.publicKey, nonce, body, Buffer.alloc(64).toString('base64'), false],
];

const PROGRAM = `
import json, sys
sys.path.insert(0, sys.argv[1])
from gatehouse_client import GatehouseError, instance_key, signed_answer
out = []
for name, public, nonce, body, sig, _ in json.loads(sys.stdin.read()):
    try:
        out.append(signed_answer(instance_key(public), nonce, body.encode("utf-8"), sig))
    except GatehouseError:
        out.append("no key")
print(json.dumps(out))
`;

function python(cases: Case[]): unknown[] {
  const run = spawnSync('python3', ['-c', PROGRAM, join(ROOT, 'python')], { input: JSON.stringify(cases), encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown[];
}

describe.skipIf(!PYTHON)('the Python client believes only the instance key', () => {
  it('accepts the real signature and refuses every forgery', () => {
    const results = python(CASES);
    CASES.forEach(([name, , , , , believed], i) => expect(results[i], name).toBe(believed));
  });

  it('an endpoint key that is not an Ed25519 public key is no key at all', () => {
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const bad: Case[] = [x25519, '', 'not base64!', Buffer.alloc(44).toString('base64')].map((k) => ['bad key', k, nonce, body, signature, false]);
    expect(python(bad)).toEqual(['no key', 'no key', 'no key', 'no key']);
  });
});
