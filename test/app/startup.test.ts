// Startup failures read as one actionable line, and the e2e test hooks can never be switched on in a packaged app.
import { describe, expect, it } from 'vitest';
import { explainStartupError } from '../../main/app/startup-error.js';
import { testHooksEnabled } from '../../main/app/test-hooks.js';

describe('explainStartupError', () => {
  const abi = new Error(
    "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 139.",
  );

  it('tells a developer to use npm start when the SQLite module is the Node build', () => {
    expect(explainStartupError(abi, false)).toContain('`npm start`');
    expect(explainStartupError(abi, true)).toBe('The bundled SQLite module does not match this Electron; reinstall Gatehouse.');
  });

  it('names the setting when the agents port is taken', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:47100'), { code: 'EADDRINUSE' });
    expect(explainStartupError(busy, false)).toContain('settings.json');
  });

  it('keeps other errors to their first line', () => {
    expect(explainStartupError(new Error('database is locked\n    at Database.prepare'), false)).toBe('database is locked');
    expect(explainStartupError('plain', false)).toBe('plain');
  });
});

describe('testHooksEnabled', () => {
  it.each([
    [{ GATEHOUSE_TEST_HOOKS: '1' }, false, true],
    [{ GATEHOUSE_TEST_HOOKS: '1' }, true, false],
    [{ GATEHOUSE_TEST_HOOKS: 'true' }, false, false],
    [{}, false, false],
  ])('%o packaged=%s → %s', (env, packaged, expected) => {
    expect(testHooksEnabled(env, packaged)).toBe(expected);
  });
});
