// A deleting `find` at the workspace root was always a tamper deny, because the workspace may hold `.claude`, `.gemini`
// or `.codex`: `find . -name '*.pyc' -delete` and `find . -name __pycache__ -exec rm -rf {} +` were refused outright.
// find acts only on what its tests select, so name tests that can select no agent configuration spare it; any test
// that can, any other path test or operator, or a start holding more than the workspace's own folders, stays a deny.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const ALL = ['Bash'];

describe('a deleting find at the workspace root', () => {
  it.each([
    "find . -name '*.pyc' -delete", "find . -name '*.py[co]' -delete", 'find . -type d -name __pycache__ -exec rm -rf {} +',
    "find . -name '.DS_Store' -delete", "find . -name '*.log' -delete", "find . -iname '*.TMP' -delete", "find . -name 'p?' -delete",
    "find . -name '*.orig' -exec rm {} \\;", "find . -name '*.bak' -exec mv {} attic/ \\;", "find . -maxdepth 2 -name '*.o' -delete",
  ])('%j is not refused as tamper', async (command) => {
    const v = await bash(command, 'interactive', ALL);
    expect(v.decision, why(v)).not.toBe('deny');
    expect(v.reasons.join(' ')).not.toMatch(/tamper/);
  });

  it.each([
    // name tests that can select an agent's folder, files or policy files
    "find . -name '*.json' -delete", "find . -name '*.toml' -delete", "find . -name '*.rules' -delete", "find . -name '*.tom?' -delete",
    "find . -name '*ml' -delete", "find . -name 'settings*' -delete", "find . -iname 'SETTINGS.JSON' -delete", "find . -name '.c*' -exec rm -rf {} +",
    "find . -name '*' -delete", "find . -name '.claude.json' -delete", 'find . -name . -exec rm -rf {} +', "find . -name '.*' -exec rm -rf {} +", "find . -name 'policies' -exec rm -rf {} +", "find . -name '*.py[co]' -o -name '*.json' -delete",
    // what this reading does not model
    'find . -delete', "find . -path './.claude/*' -delete", "find . -name '*.pyc' -o -name x -delete", "find . ! -name '*.pyc' -delete",
    "find . -regex '.*json' -delete", "find . -name '\\*.json' -delete",
    // a test after the action does not narrow it: find deletes everything first
    "find . -delete -name '*.pyc'", "find . -exec rm -rf {} + -name '*.pyc'", "find . -print -delete -name '*.pyc'",
    // starts that hold more than the workspace's own configuration
    "find ~ -name '*.pyc' -delete", "find {{HOME}} -name '*.pyc' -exec rm {} +", "find {{GH}}/.. -name '*.pyc' -delete",
  ])('%j stays a deny', async (command) => {
    const v = await bash(command, 'interactive', ALL);
    expect(v.decision, why(v)).toBe('deny');
  });
});
