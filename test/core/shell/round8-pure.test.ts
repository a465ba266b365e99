// Table tests of round eight's pure decisions: writers whose file names come from their input, conditions on secrets,
// nested config keys of runners without a spec, and the approver API's loopback spellings.
import { describe, expect, it } from 'vitest';
import { callsApproverApi } from '../../../main/core/policy/guard/approver-api.js';
import { hooksDirs, hooksPathOf } from '../../../main/core/policy/workspace/hooks-path.js';
import { dataNamedWrite } from '../../../main/core/shell/checks/data-writes.js';
import { lessShellCommand } from '../../../main/core/shell/checks/pager.js';
import { shellStrings } from '../../../main/core/shell/checks/embedded.js';
import { handedCommands } from '../../../main/core/shell/checks/handed-commands.js';
import { managerVerb } from '../../../main/core/shell/checks/service-manager.js';
import { nestedScriptOption } from '../../../main/core/shell/specs/runners.js';
import { testedSecret } from '../../../main/core/shell/words/tested-variables.js';
import { replacement } from '../../../main/core/shell/unwrap/unwrap.js';

describe('dataNamedWrite', () => {
  it.each([
    ['unzip', ['a.zip'], 'the archive'], ['unzip', ['-o', 'a.zip', '-d', '~'], 'the archive'], ['unzip', ['-qo', 'a.zip'], 'the archive'],
    ['7z', ['x', 'a.7z'], 'the archive'], ['7zz', ['e', 'a.7z'], 'the archive'], ['cpio', ['-idm'], 'the archive'], ['cpio', ['--extract'], 'the archive'],
    ['unrar', ['x', 'a.rar'], 'the archive'], ['unar', ['a.rar'], 'the archive'], ['patch', ['-p1'], 'the patch'], ['gpatch', ['-i', 'x.patch'], 'the patch'],
    ['git apply', ['x.patch'], 'the patch'], ['git apply', ['--stat', '--apply', 'x.patch'], 'the patch'], ['git am', ['x.mbox'], 'the patches'],
    ['unzip', ['-l', 'a.zip'], null], ['unzip', ['-qql', 'a.zip'], null], ['unzip', ['-p', 'a.zip', 'f'], null], ['unzip', ['-t', 'a.zip'], null],
    ['7z', ['l', 'a.7z'], null], ['7z', ['a', 'a.7z', 'src'], null], ['cpio', ['-itv'], null], ['cpio', ['-o'], null], ['patch', ['--dry-run', '-p1'], null],
    ['git apply', ['--check', 'x.patch'], null], ['git apply', ['--numstat', 'x.patch'], null], ['git am', ['--abort'], null], ['tar', ['-xf', 'a.tar'], null],
  ] as const)('%s %j → %j', (program, args, expected) => {
    expect(dataNamedWrite(program, args)).toBe(expected);
  });
});

describe('testedSecret', () => {
  const clean = (name: string): boolean => ['HOME', 'PWD', 'x', 'f'].includes(name);
  it.each([
    ['[[ $API_KEY == s* ]]', 'API_KEY'], ['[ "${API_KEY:0:1}" = s ]', 'API_KEY'], ['[[ -z ${TOKEN##sk-a*} ]]', 'TOKEN'], ['[[ ${#TOKEN} -gt 5 ]]', 'TOKEN'],
    ['[[ $x == $TOKEN ]]', 'TOKEN'], ['[ -n "$A" -a "$B" = x ]', 'B'], ['"$GITHUB_TOKEN"', 'GITHUB_TOKEN'],
    ['[[ -n $CI ]]', undefined], ['[ -z "$VIRTUAL_ENV" ]', undefined], ['[[ -v API_KEY ]]', undefined], ['[ -f "$f" ]', undefined], ['[[ $x == 1 ]]', undefined],
    ['[[ $HOME == /root ]]', undefined], ['[ $? -eq 0 ]', undefined], ['$PWD', undefined], ['[ -d node_modules ]', undefined],
  ] as const)('%j → %j', (condition, expected) => {
    expect(testedSecret(condition, clean)).toBe(expected);
  });
});

describe('nestedScriptOption', () => {
  it.each([
    ['--poolOptions.forks.execArgv=--require=x', true], ['--outputFile.json=r.json', true], ['--coverage.reportsDirectory=d', true], ['--api.host', true],
    ['--browser.provider=./x.js', true], ['--poolOptions.threads.singleThread', true],
    ['--coverage.enabled', false], ['--coverage.provider=v8', false], ['--typecheck.enabled', false], ['--outputFile=r.json', false], ['--reporter=verbose', false], ['-t', false],
  ] as const)('%j → %j', (word, expected) => {
    expect(nestedScriptOption(word)).toBe(expected);
  });
});

describe('callsApproverApi', () => {
  it.each([
    ['http://127.0.0.1:1/v1/rules', true], ['http://127.1:4000/v1/rules', true], ['http://0:1/v1/settings', true], ['http://2130706433:1/v1/mode', true],
    ['http://0x7f000001:1/v1/rules', true], ['http://[::ffff:127.0.0.1]:1/v1/rules', true], ['http://[::1]:1/api/presets', true], ['http://localhost.:1/v1/rules', true],
    ['http://app.localhost:1/v1/rules', true], ['127.0.0.1:1/v1/rules', true], ['http://127.0.0.1:1/./v1/%72ules', true], ['http://127.0.0.1:1/v1//rules/', true],
    ['http://127.0.0.1:1/v1/rule[s-t]', true], ['http://127.0.0.1:1/v1/requests/abc/decision', true], ['url = "http://127.1:1/v1/login"', true],
    ['http://127.0.0.1:1/v1/requests', false], ['http://localhost:5173/api/health', false], ['https://api.example.com/v1/rules', false],
    ['https://api.github.com/repos/x/y', false], ['http://10.0.0.1/v1/rules', false], ['/v1/rules', false], ['src/api/rules.ts', false],
  ] as const)('%j → %j', (word, expected) => {
    expect(callsApproverApi(word)).toBe(expected);
  });
});

describe('handedCommands', () => {
  it.each([
    [['ssh', 'localhost', 'rm', '-rf', '~'], undefined, ['rm -rf ~']], [['ssh', '-p', '22', '-i', 'k', 'h', 'rm -rf ~'], undefined, ['rm -rf ~']],
    [['ssh', '-p22', 'h', '-t', '--', 'ls', '-la'], undefined, ['ls -la']], [['ssh', '-N', '-L', '1:h:2', 'h'], undefined, []], [['ssh', 'h'], undefined, []],
    [['tmux', 'new', '-d', '-s', 'x', 'rm -rf ~'], undefined, ['rm -rf ~']], [['tmux', '-L', 's', 'run-shell', '-d', '1', 'id'], undefined, ['id']],
    [['tmux', 'send-keys', '-t', 'x', 'rm -rf ~', 'Enter'], undefined, ['rm -rf ~']], [['tmux', 'if-shell', 'true', 'kill-server'], undefined, ['true']],
    [['tmux', '-c', 'id'], undefined, ['id']], [['tmux', 'ls'], undefined, []], [['tmux', 'attach', '-t', 'x'], undefined, []],
    [['make', '-f', '-'], 'all:\n\t@rm -rf ~\n\techo hi\n', ['rm -rf ~', 'echo hi']], [['make', '--file', '/dev/stdin'], 'x:\n\tid\n', ['id']],
    [['make', '-f', 'Makefile'], 'x:\n\tid\n', []], [['make', 'test'], undefined, []],
  ] as const)('%j (stdin %j) → %j', (argv, stdin, expected) => {
    expect(handedCommands(argv, stdin)).toEqual(expected);
  });
});

describe('managerVerb', () => {
  it.each([
    [['systemctl', 'poweroff'], 'poweroff'], [['systemctl', '--no-wall', '-i', 'reboot'], 'reboot'], [['systemctl', '-H', 'host', 'halt'], 'halt'],
    [['systemctl', '--user', '--signal', 'KILL', 'kill', 'x'], 'kill'], [['loginctl', 'terminate-user', 'me'], 'terminate-user'], [['systemctl', '--user'], undefined],
    // read as systemd's getopt reads them: clustered and abbreviated value options, the capsule option
    [['systemctl', '-qt', 'service', 'poweroff'], 'poweroff'], [['systemctl', '--ty', 'service', 'reboot'], 'reboot'], [['systemctl', '-C', 'cap', 'halt'], 'halt'],
    [['systemctl', '--capsule=cap', 'suspend'], 'suspend'], [['systemctl', '--', 'poweroff'], 'poweroff'],
  ] as const)('%j → %j', (argv, expected) => {
    expect(managerVerb(argv)).toBe(expected);
  });
});

describe('shellStrings: argv-style calls', () => {
  it.each([
    ["execFileSync('rm', ['-rf', '/'])", 'rm -rf /'], ["spawn('rm', ['-rf', require('os').homedir()], {stdio: 'inherit'})", 'rm -rf ~'],
    ["os.execvp('rm', ['rm', '-rf', '/'])", 'rm rm -rf /'], ["os.spawnlp(os.P_WAIT, 'rm', 'rm', '-rf', '/')", 'rm rm -rf /'],
    ["subprocess.run(['rm','-rf',os.path.expanduser('~')])", 'rm -rf ~'], ["system('rm', '-rf', $ENV{HOME})", 'rm -rf ~'], ["run(['git', 'log', x])", 'git log'],
  ] as const)('%j hands over %j', (code, expected) => {
    expect(shellStrings(code)).toContain(expected);
  });

  it.each([["execFileSync('ls')"], ['run(cmd)'], ["print('run(x)')"]] as const)('%j hands over no argv command', (code) => {
    expect(shellStrings(code).filter((t) => t.includes(' '))).toEqual([]);
  });
});

describe('lessShellCommand', () => {
  it.each([
    ['+!rm -rf ~', 'rm -rf ~'], ['++!id', 'id'], ['+G!id', 'id'], ['+|msh', 'sh'], ['+F', null], ['+G', null], ['+/a!b', null], ['+?x|y', null], ['+&x!y', null], ['README.md', null],
  ] as const)('%j → %j', (word, expected) => {
    expect(lessShellCommand(word)).toBe(expected);
  });
});

describe('replacement', () => {
  it.each([
    [['-I', '{}'], '{}'], [['-I%'], '%'], [['-0', '-I', '@', '-P', '4'], '@'], [['-i'], '{}'], [['-ix'], 'x'], [['--replace'], '{}'], [['--replace=@'], '@'],
    [['-0'], undefined], [['-n', '1'], undefined], [[], undefined],
  ] as const)('%j → %j', (options, expected) => {
    expect(replacement(options)).toBe(expected);
  });
});

describe('hooksPathOf', () => {
  it.each([
    ['[core]\n\thooksPath = .husky/_\n', '.husky/_'], ['[core]\n\thookspath=\"githooks\"\n', 'githooks'], ['[Core]\nHooksPath = /opt/h # note\n', '/opt/h'],
    ['[core]\n\tbare = false\n[alias]\n\thooksPath = x\n', undefined], ['[core]\n\t# hooksPath = x\n', undefined], ['', undefined],
    ['[core]\n\thooksPath = a\n[core]\n\thooksPath = b\n', 'b'],
  ] as const)('%j → %j', (text, expected) => {
    expect(hooksPathOf(text)).toBe(expected);
  });
});

describe('hooksDirs', () => {
  it.each([
    ['.husky/_', ['/ws/.husky/_', '/ws/.husky']], ['githooks', ['/ws/githooks']], ['/opt/h', ['/opt/h']], ['~/hooks', ['/home/u/hooks']],
  ] as const)('%j → %j', (value, expected) => {
    expect(hooksDirs(value, '/ws', '/home/u')).toEqual(expected);
  });
});
