// Table tests of the pure helpers behind the security decisions: hostile inputs beside harmless look-alikes.
import { describe, expect, it } from 'vitest';
import { expandBraces } from '../../../main/core/shell/words/braces.js';
import { canonicalize, canonicalMatches } from '../../../main/core/shell/rules/canonical.js';
import { awkEffects } from '../../../main/core/shell/checks/awk.js';
import { sedEffects } from '../../../main/core/shell/checks/sed-script.js';
import { isCodeRunningEnv } from '../../../main/core/shell/operands/env-vars.js';
import { scanArgs } from '../../../main/core/shell/options.js';
import { isBlockDevice, isHarmlessSink, protectedTarget } from '../../../main/core/shell/paths.js';
import { isSystemProgram, programName } from '../../../main/core/shell/words/program.js';
import { salvageFragments } from '../../../main/core/shell/walk/salvage.js';
import { decodeAnsiC } from '../../../main/core/shell/words/words.js';
import { ctx } from './helpers.js';

describe('sedEffects', () => {
  it.each([
    ['s/a/b/e', ['exec']], ['1e id', ['exec']], ['e', ['exec']], ['/x/e rm -rf ~', ['exec']], ['s/a/b/w out', ['write']],
    ['w out', ['write']], ['2,5W out', ['write']], ['r /etc/passwd', ['read']], ['$R x', ['read']], ['s|a|b|gpe', ['exec']],
    ['y/abc/xyz/;e', ['exec']], ['{p;e\n}', ['exec']], ['s/a/b/;s/c/d/w x', ['write']], ['Z', ['unparsed']], ['s/a', ['unparsed']],
    ['s/a/b/g', []], ['1,10p', []], ['/^$/d', []], ['$!N;s/\\n/ /', []], ['s/e/w/g', []], ['s/x/e\\/w/', []], ['/w/d', []],
    [':a;N;$!ba;s/\\n/ /g', []], ['y/e/w/', []], ['1i\\\nhello', []], ['a text with e and w', []], ['0~3d', []], ['s,/,_,g', []],
  ] as const)('%j → %j', (script, kinds) => {
    expect(sedEffects(script).map((e) => e.kind)).toEqual(kinds);
  });
});

describe('awkEffects', () => {
  it.each([
    ['BEGIN{system("id")}', ['code-execution']], ['{print | "sh"}', ['code-execution']], ['{"date" | getline d}', ['code-execution']],
    ['{print > "/tmp/x"}', ['writes-file']], ['{printf "%s", $1 >> "f"}', ['writes-file']], ['@load "x"', ['code-execution']],
    ['{print $1}', []], ['$3 > 100 {print}', []], ['{print "system(x) | y > z"}', []], ['a || b {print}', []], ['{if ($1 > 2) print $2}', []],
  ] as const)('%j → %j', (program, found) => {
    expect(awkEffects(program).map((e) => e.flag)).toEqual(found);
  });
});

describe('expandBraces', () => {
  const lit = (text: string) => [{ text, literal: false }];
  it.each([
    ['{~,/}', ['~', '/']], ['a{b,c}d', ['abd', 'acd']], ['{a,b}{1,2}', ['a1', 'a2', 'b1', 'b2']], ['x{1..3}', ['x1', 'x2', 'x3']],
    ['{a..c}', ['a', 'b', 'c']], ['{a,{b,c}}', ['a', 'b', 'c']], ['{}', ['{}']], ['{a}', ['{a}']], ['${x}', ['${x}']], ['f{,.bak}', ['f', 'f.bak']],
  ] as const)('%j → %j', (word, out) => {
    expect(expandBraces(lit(word))).toEqual(out);
  });
  it('leaves quoted braces alone and refuses explosive expansions', () => {
    expect(expandBraces([{ text: '{a,b}', literal: true }])).toEqual(['{a,b}']);
    expect(expandBraces(lit('{1..100000}'))).toBeNull();
    expect(expandBraces(lit('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}'))).toBeNull();
  });
});

describe('decodeAnsiC', () => {
  it.each([['\\x72m', 'rm'], ['\\162\\155', 'rm'], ['\\u0072m', 'rm'], ['a\\tb', 'a\tb'], ["it\\'s", "it's"], ['\\cA', '\x01']])('%j → %j', (body, out) => {
    expect(decodeAnsiC(body)).toBe(out);
  });
});

describe('isCodeRunningEnv', () => {
  it.each(['LD_PRELOAD', 'LD_LIBRARY_PATH', 'DYLD_INSERT_LIBRARIES', 'NODE_OPTIONS', 'PYTHONSTARTUP', 'GIT_SSH_COMMAND', 'GIT_CONFIG_KEY_0', 'PAGER', 'EDITOR', 'PROMPT_COMMAND', 'BASH_ENV', 'IFS', 'PATH', 'BASH_FUNC_ls%%', 'npm_config_script_shell'])('%s runs code', (name) => {
    expect(isCodeRunningEnv(name)).toBe(true);
  });
  it.each(['NODE_ENV', 'CI', 'DEBUG', 'LANG', 'TZ', 'FORCE_COLOR', 'GIT_AUTHOR_NAME'])('%s does not', (name) => {
    expect(isCodeRunningEnv(name)).toBe(false);
  });
});

describe('protectedTarget', () => {
  it.each(['/', '/*', '~', '~/', '~/*', '$HOME', '${HOME}', '/home', '/home/*', '/Users', '/etc', '/usr', '/usr/lib', '/var', '/boot', '/lib64', '.', './', '*', './*', '..', '/home/u/ws', '/home/u/.c*', '/home/other', '/home/$USER'])('%s is protected', (p) => {
    expect(protectedTarget(p, ctx.cwd, ctx)).not.toBeNull();
  });
  it.each(['build', './build', 'src/*', '~/proj', '/tmp/x', '/home/u/ws/build', '/home/other/proj'])('%s is not', (p) => {
    expect(protectedTarget(p, ctx.cwd, ctx)).toBeNull();
  });
  it('can leave the workspace out (chmod -R . is not destruction)', () => {
    expect(protectedTarget('.', ctx.cwd, ctx, false)).toBeNull();
    expect(protectedTarget('~', ctx.cwd, ctx, false)).not.toBeNull();
  });
});

describe('devices and programs', () => {
  it.each(['/dev/sda', '/dev/sdb1', '/dev/nvme0n1', '/dev/nvme0n1p2', '/dev/disk2', '/dev/rdisk0', '/dev/mmcblk0', '/dev/md0', '/dev/mapper/root', '/dev/mem'])('%s is a disk', (p) => {
    expect(isBlockDevice(p)).toBe(true);
  });
  it.each(['/dev/null', '/dev/stdout', '/dev/tty', '/dev/fd/2', '/tmp/sda', 'sda'])('%s is not a disk', (p) => {
    expect(isBlockDevice(p)).toBe(false);
  });
  it('knows harmless sinks and system binaries', () => {
    expect(['/dev/null', '/dev/stderr', '/dev/fd/1'].every(isHarmlessSink)).toBe(true);
    expect(isHarmlessSink('/dev/sda')).toBe(false);
    expect(programName('/usr/bin/git')).toBe('git');
    expect(isSystemProgram('/usr/bin/git')).toBe(true);
    expect(isSystemProgram('git')).toBe(true);
    expect(isSystemProgram('./git')).toBe(false);
    expect(isSystemProgram('/tmp/bin/git')).toBe(false);
  });
});

describe('scanArgs', () => {
  it('reads clusters, attached and separate values, long options and --', () => {
    const s = scanArgs(['x', '-abo', 'out', '--file=f', '--dir', 'd', 'op', '--', '-z'], 1, { shortValue: 'o', longValue: ['dir'] });
    expect(s.opts.map((o) => [o.name, o.value ?? null])).toEqual([['a', null], ['b', null], ['o', 'out'], ['file', 'f'], ['dir', 'd']]);
    expect(s.operands).toEqual([6, 8]);
    expect(scanArgs(['t', '-k', '2', '5', 'cmd', '-x'], 1, { shortValue: 'k', stopAtOperand: true }).end).toBe(3);
  });
});

describe('canonical option spellings', () => {
  const same = (rule: string, cmd: string, prefix = true) => canonicalMatches(canonicalize(rule.split(' ')), canonicalize(cmd.split(' ')), prefix);
  it.each([
    ['rm -rf', 'rm -fr x'], ['rm -rf', 'rm -R -f x'], ['rm -rf', 'rm --recursive --force x'], ['git push -f', 'git push origin +main'],
    ['git push --force', 'git -C /x push --force-with-lease=main'], ['git branch -D', 'git branch --delete --force x'], ['kill -9', 'kill -s KILL 1'],
    ['sed -i', 'sed -Ei s/a/b/ f'], ['sed -i', 'sed --in-place=.bak s/a/b/ f'],
  ])('%s ≡ %s', (rule, cmd) => expect(same(rule, cmd)).toBe(true));
  it.each([['rm -rf', 'rm -r x'], ['git push -f', 'git push origin main'], ['rm -rf /', 'rm -rf / x'], ['kill -9', 'kill -15 1']])('%s ≢ %s', (rule, cmd) => {
    expect(same(rule, cmd, !rule.endsWith('/'))).toBe(false);
  });
  it('settles a hostile run of `-o a` pairs against a rule that almost matches (it used to try every reading: minutes)', () => {
    const cmd = `x ${'-o a '.repeat(60)}b`;
    expect(same('x a a a a a a a a a c', cmd)).toBe(false);
    expect(same('x a a a a a a a a a b', cmd)).toBe(true);
  });
});

describe('salvageFragments', () => {
  it('splits at operators outside quotes only', () => {
    expect(salvageFragments('ls `# x` ; rm -rf ~').map((f) => f.text.trim())).toEqual(['ls', '# x', 'rm -rf ~']);
    expect(salvageFragments('echo "a; b" && c').map((f) => f.text.trim())).toEqual(['echo "a; b"', 'c']);
    expect(salvageFragments("echo 'unterminated; rm -rf ~").map((f) => f.text.trim())).toEqual(["echo 'unterminated; rm -rf ~"]);
    expect(salvageFragments('rm -rf ${HOME}; ls').map((f) => f.text.trim())).toEqual(['rm -rf ${HOME}', 'ls']);
  });
});
