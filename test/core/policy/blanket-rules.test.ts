// A rule for a whole tool (`Read`, `Grep`, `Glob` with no specifier) is the person's blanket grant for reading — but not
// for credentials or processes' memory: those need a rule that names them. Everything else the blanket covers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const HOSTILE: Array<[string, Record<string, unknown>]> = [
  ['Read', { file_path: '{{HOME}}/.ssh/id_rsa' }], ['Read', { file_path: '{{WS}}/.env' }], ['Read', { file_path: '{{WS}}/src/../.env' }],
  ['Read', { file_path: '{{WS}}/secrets/key.pem' }], ['Read', { file_path: '{{HOME}}/.aws/credentials' }], ['Read', { file_path: '{{WS}}/.env.production' }],
  ['Read', { file_path: '/proc/self/environ' }], ['Read', { file_path: '/proc/self/cwd/.env' }], ['Read', { file_path: '/proc/1/environ' }],
  ['Grep', { pattern: 'KEY', path: '{{WS}}/secrets' }], ['Grep', { pattern: 'aws_secret', path: '{{HOME}}/.aws' }], ['Grep', { pattern: 'x', path: '{{WS}}/.env' }],
];

const HARMLESS: Array<[string, Record<string, unknown>]> = [
  ['Read', { file_path: '{{WS}}/src/app.ts' }], ['Read', { file_path: '/etc/hosts' }], ['Read', { file_path: '{{WS}}/build/out.js' }], ['Read', { file_path: '{{HOME}}/.ssh/id_rsa.pub' }],
  ['Read', { file_path: '{{WS}}/.env.example' }], ['Grep', { pattern: 'export', path: '{{WS}}' }], ['Grep', { pattern: 'x', path: '/etc' }],
  ['Glob', { pattern: '**/*.ts' }], ['Glob', { pattern: '.*' }],
];

describe('blanket Read/Grep/Glob rules never vouch for credentials', () => {
  it.each(HOSTILE)('%s %j is not allowed', async (tool, args) => {
    const v = await judge(tool, args);
    expect(v.decision, why(v)).not.toBe('allow');
  });
});

describe('blanket Read/Grep/Glob rules cover everything else', () => {
  it.each(HARMLESS)('%s %j is allowed', async (tool, args) => {
    const v = await judge(tool, args);
    expect(v.decision, why(v)).toBe('allow');
  });
});
