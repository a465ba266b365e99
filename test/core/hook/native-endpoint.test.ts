// endpoint.native, what the native hook client reads: written only for an instance the kernel can prove, with one
// plain word per field, so no value can add a line or a header to what the client sends.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../main/core/endpoint/endpoint.js';
import { NATIVE_ENDPOINT_FILE, nativeEndpointText, removeNativeEndpoint, writeNativeEndpoint } from '../../../main/core/endpoint/native-endpoint.js';
import { tempDir } from '../server/helpers.js';

const good: Endpoint = { url: 'http://127.0.0.1:4321', token: 'a'.repeat(43), pid: 77, key: 'k', listener: { fd: 21, inode: '9001', started: '12345' } };
const limits = [['claude-code', 595000], ['cline', 108000]] as const;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('nativeEndpointText', () => {
  it('the listener, the token and each agent\'s limit, one line each', () => {
    expect(nativeEndpointText(good, limits)).toBe('gatehouse-hook-endpoint 1\n4321 77 21 9001 12345\n' + 'a'.repeat(43) + '\nclaude-code 595000\ncline 108000\n');
  });
  it.each<[string, Endpoint, ReadonlyArray<readonly [string, number]>]>([
    ['no listener proof (not Linux)', { ...good, listener: undefined } as Endpoint, limits],
    ['localhost, not 127.0.0.1', { ...good, url: 'http://localhost:4321' }, limits],
    ['another host', { ...good, url: 'http://127.0.0.2:4321' }, limits],
    ['a URL with a path', { ...good, url: 'http://127.0.0.1:4321/x' }, limits],
    ['a token with a line break (a header injection)', { ...good, token: `${'a'.repeat(20)}\r\nx-evil: 1` }, limits],
    ['a token with a space', { ...good, token: `${'a'.repeat(20)} b` }, limits],
    ['a short token', { ...good, token: 'abc' }, limits],
    ['an agent name with a space', good, [['claude code', 1]]],
    ['a limit that is not a whole positive number', good, [['codex', 1.5]]],
  ])('none for %s', (_name, endpoint, l) => {
    expect(nativeEndpointText(endpoint, l)).toBeNull();
  });
});

describe('writing and removing it', () => {
  it('written 0600; a stale one removed when this instance cannot be proven; removed only by its own pid', () => {
    const home = tempDir('gatehouse-native-endpoint-');
    dirs.push(home);
    const path = join(home, NATIVE_ENDPOINT_FILE);
    writeNativeEndpoint(home, good, limits);
    expect(readFileSync(path, 'utf8')).toBe(nativeEndpointText(good, limits));
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    removeNativeEndpoint(home, 78);
    expect(existsSync(path)).toBe(true);
    removeNativeEndpoint(home, 77);
    expect(existsSync(path)).toBe(false);
    writeFileSync(path, 'stale');
    writeNativeEndpoint(home, { ...good, listener: undefined } as Endpoint, limits);
    expect(existsSync(path)).toBe(false);
  });
});
