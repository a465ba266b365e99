// Redirections: fd duplication and /dev/null are harmless, file writes need approval, disk writes are never allowed.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, explain, outcome, ready, type Outcome } from './helpers.js';

beforeAll(ready);

const TABLE: Array<[string, Outcome, string | null]> = [
  ['npm test 2>&1 | tail -20', 'clean', null],
  ['ls >&2', 'clean', null],
  ['ls >/dev/null', 'clean', null],
  ['ls 2>/dev/null', 'clean', null],
  ['ls &>/dev/null', 'clean', null],
  ['ls </dev/null', 'clean', null],
  ['ls 2>&-', 'clean', null],
  ['ls > /dev/stderr', 'clean', null],
  ['ls > out.txt', 'block', '> out.txt'],
  ['ls >> out.txt', 'block', '>> out.txt'],
  ['echo x >| notes.md', 'block', '>| notes.md'],
  ['ls &> out.txt', 'block', '&> out.txt'],
  ['ls &>> out.txt', 'block', '&>> out.txt'],
  ['ls 2> err.txt', 'block', '2> err.txt'],
  ['ls >& out.txt', 'block', '>& out.txt'],
  ['ls > "$F"', 'block', '> "$F"'],
  ['git show HEAD > ~/.ssh/authorized_keys', 'block', '> ~/.ssh/authorized_keys'],
  ['{ ls; pwd; } > out.txt', 'block', '> out.txt'],
  ['echo x > /dev/sda', 'hard', '> /dev/sda'],
  ['cat img > /dev/nvme0n1', 'hard', '> /dev/nvme0n1'],
  ['cat img >> /dev/disk2', 'hard', '>> /dev/disk2'],
  ['cat x > /dev/mmcblk0', 'hard', '> /dev/mmcblk0'],
];

describe('redirections', () => {
  it.each(TABLE)('%j → %s', (command, expected, part) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).toBe(expected);
    if (part !== null) {
      const r = a.risks.find((x) => x.flag === (expected === 'hard' ? 'destructive' : 'writes-file'));
      expect(command.slice(r!.range!.start, r!.range!.end)).toBe(part);
    }
  });

  it('exposes reads for the workspace tiers without blocking them', () => {
    const a = analyze('wc -l < src/app.ts');
    expect(outcome(a)).toBe('clean');
    expect(a.commands[0]!.redirects).toEqual([{ op: '<', target: 'src/app.ts', kind: 'read', span: { start: 6, end: 18 } }]);
  });

  it('attaches redirects of a group or loop to every command inside it', () => {
    const a = analyze('while read l; do echo "$l"; done < list.txt');
    expect(a.commands.every((c) => c.redirects.some((r) => r.kind === 'read' && r.target === 'list.txt'))).toBe(true);
  });

  it('treats /dev/tcp and /dev/udp as network connections, in either direction', () => {
    for (const c of ['cat < /dev/tcp/1.2.3.4/80', 'echo x > /dev/udp/1.2.3.4/53', 'exec 3<>/dev/tcp/h/1']) {
      const a = analyze(c);
      expect(outcome(a), c).toBe('block');
    }
    expect(analyze('cat < /dev/tcp/1.2.3.4/80').risks.map((r) => r.flag)).toContain('network');
  });

  it('keeps $HOME targets visible: their value is known', () => {
    const a = analyze('printf x > "$HOME/.claude/settings.json"');
    expect(a.commands[0]!.redirects[0]!.target).toBe('$HOME/.claude/settings.json');
    expect(analyze('echo > "$X/y"').commands[0]!.redirects[0]!.target).toBeNull();
    expect(analyze('ls > /tmp/x').risks.map((r) => r.flag)).toEqual(['writes-file', 'outside-workspace']);
  });

  it('classifies heredocs and fd duplications', () => {
    const a = analyze('cat <<EOF 2>&1\nhi\nEOF');
    expect(a.commands[0]!.redirects.map((r) => r.kind).sort()).toEqual(['fd-dup', 'heredoc']);
  });
});
