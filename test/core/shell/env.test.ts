// Environment prefixes: recorded, and blocked when they make the program load or run other code.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, explain, outcome, ready } from './helpers.js';

beforeAll(ready);

const CODE_RUNNING = [
  'LD_PRELOAD=/tmp/x.so git status', 'LD_LIBRARY_PATH=/tmp git status', 'LD_AUDIT=/tmp/a.so ls', 'DYLD_INSERT_LIBRARIES=/tmp/x.dylib ls',
  'NODE_OPTIONS="--require /tmp/evil.js" npm test', 'NODE_PATH=/tmp npm test', 'PYTHONSTARTUP=/tmp/e.py npm test', 'PYTHONPATH=/tmp pytest',
  'PERL5OPT=-Mevil prove', 'RUBYOPT=-revil rake', 'GIT_SSH_COMMAND="sh -c id" git fetch', 'GIT_SSH=/tmp/x git fetch',
  'GIT_PAGER="rm -rf ~" git log', 'GIT_EDITOR=/tmp/x git commit', 'GIT_EXTERNAL_DIFF=/tmp/x git diff', 'GIT_CONFIG_COUNT=1 git log',
  'GIT_CONFIG_GLOBAL=/tmp/c git log', 'PAGER="rm -rf ~" git log', 'MANPAGER=/tmp/x man ls', 'EDITOR="rm -rf ~" git log', 'VISUAL=x crontab -e',
  'PROMPT_COMMAND=id bash', 'BASH_ENV=/tmp/x bash -c ls', 'ENV=/tmp/x sh -c ls', 'SHELLOPTS=xtrace ls', 'IFS=/ ls', 'PATH=/tmp:$PATH ls',
  'HOME=/tmp/evil git log', 'env LD_PRELOAD=/tmp/x.so ls', 'sudo LD_PRELOAD=/tmp/x.so ls', 'export PAGER=evil; git log', 'PAGER=evil; git log',
];

describe('environment prefixes', () => {
  it.each(CODE_RUNNING)('%j runs other code', (command) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).not.toBe('clean');
    const risk = a.risks.find((r) => r.flag === 'code-execution');
    expect(risk, explain(a)).toBeDefined();
    expect(command.slice(risk!.range!.start, risk!.range!.end)).toMatch(/^[A-Z_0-9]+=/);
  });

  it('records harmless prefixes without blocking', () => {
    const a = analyze('NODE_ENV=test CI=1 npm test');
    expect(outcome(a)).toBe('clean');
    expect(a.commands[0]!.env).toEqual([{ name: 'NODE_ENV', value: 'test' }, { name: 'CI', value: '1' }]);
    expect(a.commands[0]!.argv).toEqual(['npm', 'test']);
  });
});
