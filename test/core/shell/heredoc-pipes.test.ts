// Text that becomes code or arguments: quoted heredocs through cat are inert, printed text piped into a shell or xargs is not.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, argvs, explain, outcome, ready } from './helpers.js';

beforeAll(ready);

const COMMIT = 'git commit -m "$(cat <<\'EOF\'\nAdd x; rm -rf ~ && `id` $(whoami)\n\nCo-Authored-By: C <c@x>\nEOF\n)"';

describe('quoted heredoc printed by a bare cat inside $( )', () => {
  it('is the static text of the argument, with no substitution left', () => {
    const a = analyze(COMMIT);
    expect(outcome(a), explain(a)).toBe('clean');
    expect(argvs(a)).toEqual([['git', 'commit', '-m', 'Add x; rm -rf ~ && `id` $(whoami)\n\nCo-Authored-By: C <c@x>']]);
  });

  it.each([
    ['<<-', 'echo "$(cat <<-\'EOF\'\n\tx\n\tEOF\n)"', 'x'],
    ['double-quoted delimiter', 'echo "$(cat <<"EOF"\ny\nEOF\n)"', 'y'],
    ['backslash delimiter', 'echo "$(cat <<\\EOF\nz\nEOF\n)"', 'z'],
  ])('%s', (_name, command, text) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).toBe('clean');
    expect(argvs(a)).toEqual([['echo', text]]);
  });

  it.each([
    'git commit -m "$(cat <<EOF\n$(rm -rf ~)\nEOF\n)"',
    'git commit -m "$(cat <<EOF\n`id`\nEOF\n)"',
    'git commit -m "$(cat <<\'EOF\'\nx\nEOF\n; rm -rf build)"',
    'git commit -m "$(cat <<\'EOF\' | sh\nx\nEOF\n)"',
    'git commit -m "$(cat <<\'EOF\' > /tmp/x\nx\nEOF\n)"',
    'git commit -m "$(cat ~/.ssh/id_rsa <<\'EOF\'\nx\nEOF\n)"',
    'git commit -m "$(tac <<\'EOF\'\nx\nEOF\n)"',
    'git commit -m "$(cat <<\'EOF\'\nx\nEOF\ncurl http://203.0.113.9\n)"',
  ])('%j stays a substitution (never auto-allowed)', (command) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).not.toBe('clean');
  });

  it('feeds a shell -c its body, so a hard deny inside still fires', () => {
    expect(outcome(analyze('bash -c "$(cat <<\'EOF\'\nrm -rf ~\nEOF\n)"'))).toBe('hard');
  });
});

describe('known text fed to a shell or xargs', () => {
  it.each([
    'cat <<EOF | sh\nrm -rf /\nEOF', "cat <<'X' | bash -s\nmkfs.ext4 /dev/sda1\nX", "echo 'rm -rf ~' | bash", "printf 'rm -rf /\\n' | sh",
    "printf '%s\\n' 'rm -rf /' | bash", "echo -e 'rm -rf ~\\n' | sh", "echo 'rm -rf $HOME' | zsh", 'xargs rm -rf <<< /', 'echo / | xargs rm -rf',
    'echo ~ | xargs -I{} rm -rf {}', "cat <<'EOF' | xargs rm -rf\n/\nEOF", 'xargs -0 rm -rf <<< "$HOME"', 'cat <<EOF\n`rm -rf ~`\nEOF',
  ])('%j is a hard deny', (command) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).toBe('hard');
  });

  it.each(["echo 'ls' | sh", "cat <<'EOF' | bash\necho hi\nEOF", 'cat <<EOF\n`id`\nEOF'])('%j is never auto-allowed', (command) => {
    expect(outcome(analyze(command))).toBe('block');
  });

  it.each(["cat <<'EOF'\nrm -rf ~\nEOF", "echo 'rm -rf ~' | wc -c", 'echo build | xargs rm -rf', "grep -c sh <<< 'rm -rf ~'"])('%j is no hard deny', (command) => {
    expect(outcome(analyze(command))).not.toBe('hard');
  });
});

describe('smaller holes', () => {
  it('a bare `> file` is a command that writes the file', () => {
    const a = analyze('> .claude/settings.local.json');
    expect(a.commands[0]?.redirects[0]?.target).toBe('.claude/settings.local.json');
    expect(outcome(a)).toBe('block');
  });

  it.each(['sudo rm -f /etc/passwd', 'sudo unlink /etc/hosts', 'sudo truncate -s0 /var/log/syslog'])('%j (root deleting) is a hard deny', (command) => {
    expect(outcome(analyze(command))).toBe('hard');
  });

  it("find's test values are patterns, not actions", () => {
    const a = analyze("find . -name '-delete'");
    expect(outcome(a), explain(a)).toBe('clean');
  });
});

describe('shell code inside interpreter one-liners and awk programs', () => {
  it.each([
    'python -c \'import shutil; shutil.rmtree("/")\'', 'python3 -c "import os; os.system(\'rm -rf ~\')"', 'perl -e \'system("rm -rf /")\'',
    'node -e "require(\'child_process\').execSync(\'rm -rf ~\')"', 'awk \'BEGIN{system("rm -rf /")}\'',
    'python3 -c \'import subprocess; subprocess.run(["sh", "-c", "mkfs.ext4 /dev/sda1"])\'',
    'node -e "require(\'fs\').rmSync(require(\'os\').homedir(), {recursive: true})"', 'rm -rf ~root',
  ])('%j is a hard deny', (command) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).toBe('hard');
  });

  it.each(['python3 -c \'print("rm -rf /")\'', 'python -c \'import shutil; shutil.rmtree("build")\'', 'perl -e \'system("ls -la")\''])(
    '%j is code, but no hard deny',
    (command) => {
      expect(outcome(analyze(command))).toBe('block');
    },
  );
});

describe('for loops over fixed words', () => {
  it('runs its body once per value', () => {
    const a = analyze('for f in src/a.ts src/b.ts; do wc -l "$f"; done');
    expect(outcome(a), explain(a)).toBe('clean');
    expect(argvs(a)).toEqual([['wc', '-l', 'src/a.ts'], ['wc', '-l', 'src/b.ts']]);
  });

  it.each(['for d in /; do rm -rf $d; done', 'for d in build ~; do rm -rf "$d"; done', 'for t in /dev/sda; do dd if=/dev/zero of=$t; done'])(
    '%j is a hard deny',
    (command) => {
      expect(outcome(analyze(command))).toBe('hard');
    },
  );

  it.each(['for f in a; do f=/etc/passwd; cat $f; done', 'for f in a; do read f; cat $f; done', 'for f in $(ls); do cat $f; done', 'for f in "a b"; do cat $f; done'])(
    '%j keeps the variable unknown',
    (command) => {
      expect(outcome(analyze(command))).toBe('block');
    },
  );
});

describe('a python module given piped text', () => {
  it.each(['curl -s http://localhost:3000 | python -m json.tool', 'cat data.json | python3 -m json.tool', 'echo "{}" | python3 -W ignore -m json.tool'])('%s reads it as data', (command) => {
    const a = analyze(command);
    expect(a.risks.filter((r) => r.flag === 'code-execution'), explain(a)).toEqual([]);
  });

  it.each([
    'curl -s http://localhost:3000 | python -m code', 'curl -s http://localhost:3000 | python3 -m pdb', 'cat x | python3', 'cat x | python3 -',
    'cat x | python -m json.tool.evil', 'cat x | python -m json', 'cat x | python3 -mjson.tool', 'cat x | python -c "import sys; exec(sys.stdin.read())"',
    "python3 -m code <<'EOF'\nimport os\nEOF",
  ])('%s runs it as code', (command) => {
    const a = analyze(command);
    expect(a.risks.some((r) => r.flag === 'code-execution'), explain(a)).toBe(true);
  });
});
