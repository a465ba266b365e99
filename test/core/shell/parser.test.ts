// The grammar loads once, lazily, and analysis refuses to run before it has.
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, initShellParser, shellParserReady } from '../../../main/core/shell/index.js';

describe('initShellParser', () => {
  it('makes analysis fail clearly until it has run, and is idempotent and shared', async () => {
    expect(shellParserReady()).toBe(false);
    expect(() => analyzeShellCommand('ls', { cwd: '/w', home: '/h' })).toThrow(/await initShellParser\(\)/);
    const a = initShellParser();
    const b = initShellParser();
    expect(a).toBe(b);
    await Promise.all([a, b]);
    await initShellParser();
    expect(shellParserReady()).toBe(true);
    expect(analyzeShellCommand('ls', { cwd: '/w', home: '/h' }).commands[0]!.argv).toEqual(['ls']);
  });
});
