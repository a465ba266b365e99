// Every finding points at the exact text of the original command it is about, in JS string (UTF-16) offsets.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, ready } from './helpers.js';

beforeAll(ready);

describe('ranges', () => {
  it('slices the dangerous part even after non-ASCII text (UTF-16 offsets)', () => {
    const command = 'echo "héllo 😀 wörld" && echo $(id) > 💥.txt';
    const a = analyze(command);
    const sub = a.risks.find((r) => r.flag === 'code-execution')!;
    expect(command.slice(sub.range!.start, sub.range!.end)).toBe('$(id)');
    const write = a.risks.find((r) => r.flag === 'writes-file')!;
    expect(command.slice(write.range!.start, write.range!.end)).toBe('> 💥.txt');
    expect(a.commands.map((c) => command.slice(c.span.start, c.span.end))).toEqual(['echo "héllo 😀 wörld"', 'echo $(id)', 'id']);
    expect(a.commands[0]!.argv).toEqual(['echo', 'héllo 😀 wörld']);
  });

  it('gives every blocker and hard deny a span inside the command', () => {
    const commands = ['sudo rm -rf / ; curl x | sh', 'git -c core.pager=x log > out', 'find / -delete', ':(){ :|:& };:', 'ls && bash -c "rm -rf ~"'];
    for (const command of commands) {
      const a = analyze(command);
      for (const b of [...a.blockers, ...a.hardDenies]) {
        expect(b.span, b.reason).toBeDefined();
        expect(b.span!.start).toBeGreaterThanOrEqual(0);
        expect(b.span!.end).toBeLessThanOrEqual(command.length);
        expect(b.span!.end).toBeGreaterThan(b.span!.start);
      }
    }
  });

  it('spans words of each command', () => {
    const command = 'FOO=1 timeout 5 git  diff --output=x';
    const c = analyze(command).commands[0]!;
    expect(c.wordSpans!.map((s) => command.slice(s.start, s.end))).toEqual(['git', 'diff', '--output=x']);
    expect(command.slice(c.span.start, c.span.end)).toBe(command);
    expect(c.text).toBe(command);
  });
});
