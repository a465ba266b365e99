// Table tests of round nine's pure decisions: empty quoted words, packagers' prefixed core tools, debuggers' shell
// commands, and recursive copies that follow the links below their sources.
import { beforeAll, describe, expect, it } from 'vitest';
import { handedCommands } from '../../../main/core/shell/checks/handed-commands.js';
import { programName } from '../../../main/core/shell/words/program.js';
import { textExpansions } from '../../../main/core/shell/walk/redirects.js';
import { copiedSources, copyFollowsLinks } from '../../../main/core/shell/operands/tree-readers.js';
import { analyze, argvs, ready } from './helpers.js';

beforeAll(ready);

describe('empty quoted words', () => {
  it.each([
    ['grep "" .env', ['grep', '', '.env']], ["grep '' .env", ['grep', '', '.env']], ['awk "" .env', ['awk', '', '.env']], ['jq "" .env', ['jq', '', '.env']],
    ['grep -e "" .env', ['grep', '-e', '', '.env']], ['echo "" ""', ['echo', '', '']], ['grep ""{,} .env', ['grep', '', '', '.env']],
    ['grep {,} .env', ['grep', '.env']], ['echo "a" "b"', ['echo', 'a', 'b']], ['echo ""a', ['echo', 'a']],
  ] as const)('%j → %j', (command, argv) => {
    expect(argvs(analyze(command))).toEqual([argv]);
  });
});

describe('words as bash splits them: escaped tabs, adjacent nodes, NUL-cut ANSI-C strings', () => {
  it.each([
    ['printf x a\\\tb c', ['printf', 'x', 'a\tb', 'c']], ['printf x a\\\t\\\tb', ['printf', 'x', 'a\t\tb']], ['printf x a\\\\\tb', ['printf', 'x', 'a\\', 'b']],
    ['printf x a\tb', ['printf', 'x', 'a', 'b']], ['bash -c rm\\\t-rf\\\t~', ['rm', '-rf', '~']],
    // nodes tree-sitter splits with nothing between them, and an ANSI-C string cut at its NUL
    ['rm -rf {\\/,x}', ['rm', '-rf', '/', 'x']], ['rm -rf {a\\/,x}', ['rm', '-rf', 'a/', 'x']], ["rm -rf $'/\\0x'", ['rm', '-rf', '/']],
    ["printf x $'a\\0b'c", ['printf', 'x', 'ac']], ["printf x $'a\\x00b'", ['printf', 'x', 'a']], ["printf x $'\\c@x'", ['printf', 'x', '']],
  ] as const)('%j → %j', (command, argv) => {
    expect(argvs(analyze(command))).toEqual([argv]);
  });
});

describe('programName', () => {
  it.each([
    ['uu-rm', 'rm'], ['/opt/homebrew/bin/uu-rm', 'rm'], ['uu-find', 'find'], ['uu-xargs', 'xargs'], ['grm', 'rm'], ['gfind', 'find'], ['rm', 'rm'],
    ['uu-', 'uu-'], ['uu-foo', 'uu-foo'], ['guu-rm', 'guu-rm'], ['gdb', 'gdb'], ['git', 'git'], ['gunzip', 'gunzip'], ['uutils', 'uutils'],
  ] as const)('%j → %j', (word, expected) => {
    expect(programName(word)).toBe(expected);
  });
});

describe('handedCommands of debuggers', () => {
  it.each([
    [['gdb', '-batch', '-ex', 'shell rm -rf ~'], ['rm -rf ~']], [['gdb', '-ex', '!rm -rf /'], ['rm -rf /']], [['gdb', '--eval-command=shell id'], ['id']],
    [['gdb', '-iex', 'shell a', '-ex', 'shell b'], ['a', 'b']], [['gdb', '-batch', '-ex', 'pipe info frame | rm -rf ~'], [' rm -rf ~']], [['gdb', '-ex', '| bt | wc -l'], [' wc -l']],
    [['lldb', '-o', 'platform shell rm -rf ~'], ['rm -rf ~']], [['lldb', '--one-line', 'shell -- id'], ['id']], [['lldb', '-k', 'shell id'], ['id']],
    [['gdb', '-batch', '-ex', 'bt', './a.out'], []], [['gdb', '-ex', 'info shared'], []], [['gdb', '-ex', 'shell'], []], [['lldb', '-o', 'run', './a.out'], []],
    [['gdb', './shell'], []], [['lldb', '-o', 'script print(1)'], []],
  ] as const)('%j → %j', (argv, expected) => {
    expect(handedCommands(argv)).toEqual(expected);
  });
});

describe('copyFollowsLinks', () => {
  it.each([
    [['cp', '-rL', 'src', 'copy'], true], [['cp', '-r', '--dereference', 'src', 'copy'], true], [['cp', '-a', '-L', 'src', 'copy'], true],
    [['rsync', '-aL', 'src', 'copy'], true], [['rsync', '-a', '--copy-links', 'src/', 'copy/'], true], [['rsync', '-rk', 'src', 'copy'], true],
    [['rsync', '-a', '--copy-unsafe-links', 'src', 'copy'], true], [['rsync', '-a', '--copy-dirlinks', 'src', 'copy'], true],
    [['cp', '-r', 'src', 'copy'], false], [['cp', '-rH', 'src', 'copy'], false], [['cp', '-L', 'a', 'b'], false], [['rsync', '-a', 'src/', 'copy/'], false],
    [['rsync', '-L', 'a', 'b'], false], [['rsync', '-a', '--exclude', '-L', 'src', 'copy'], false], [['tar', '-chf', 'x.tar', 'src'], false],
  ] as const)('%j → %j', (argv, expected) => {
    expect(copyFollowsLinks(argv)).toBe(expected);
  });

  it('reads the sources of a recursive copy, not its destination', () => {
    expect(copiedSources(['cp', '-r', 'secrets', 's2'])).toEqual(['secrets']);
    expect(copiedSources(['rsync', '-a', '-e', 'ssh', 'a/', 'b/', 'out/'])).toEqual(['a/', 'b/']);
    expect(copiedSources(['cp', '-r', '-t', 'out', 'a', 'b'])).toEqual(['a', 'b']);
    expect(copiedSources(['cp', 'a', 'b'])).toBeNull();
  });
});

describe('evaluated subscripts hand their substitutions on', () => {
  it.each([
    ["declare 'a[$(rm -rf ~)]=1'"], ["test -v 'a[$(rm -rf ~)]'"], ["unset 'a[$(rm -rf ~)]'"], ["let 'x=`rm -rf ~`'"], ["local 'a[$(rm -rf ~)]'"], ["printf -v 'a[$(rm -rf ~)]' x"],
  ] as const)('%j runs rm -rf ~', (command) => {
    expect(argvs(analyze(command))).toContainEqual(['rm', '-rf', '~']);
  });

  it.each([['declare -i n=5'], ['let i=i+1'], ['test -v HOME'], ['unset -f f'], ['export NODE_ENV=test']] as const)('%j runs nothing more', (command) => {
    expect(argvs(analyze(command))).toHaveLength(1);
  });
});

describe('textExpansions of a heredoc body tree-sitter left as text', () => {
  it.each([
    ['$(rm -rf ~)\n', ['$(rm -rf ~)']], ['a $(echo $(id)) b', ['$(echo $(id))']], ['${API_KEY}', ['${API_KEY}']], ['$HOME/x $1 $@', ['$HOME', '$1', '$@']],
    ['$((1+2))', ['$((1+2))']], ['\\$(not) \\${x}', []], ['price: 5$', []], ['plain text', []], ['${a:-$(id)}', ['${a:-$(id)}']],
  ] as const)('%j → %j', (text, expected) => {
    expect(textExpansions(text).map((e) => e.text)).toEqual(expected);
  });
});
