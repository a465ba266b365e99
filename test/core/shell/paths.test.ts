// The paths a command names, so the policy can see guard tampering and reads outside the workspace.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, pathArgs, ready, writePaths } from './helpers.js';

beforeAll(ready);

function paths(command: string): string[][] {
  return analyze(command).commands.map((c) => pathArgs(c));
}

function writes(command: string): string[] {
  return analyze(command).commands.flatMap((c) => writePaths(c));
}

describe('the paths a command names', () => {
  it('finds guard-tampering targets in every shape', () => {
    expect(paths('echo {} > .claude/settings.json')[0]).toContain('/home/u/ws/.claude/settings.json');
    expect(paths('mv .claude .claude.bak')[0]).toEqual(['/home/u/ws/.claude', '/home/u/ws/.claude.bak']);
    expect(paths('sed -i "s/PreToolUse/x/" ~/.claude/settings.json')[0]).toContain('/home/u/.claude/settings.json');
    expect(paths('cp x $HOME/.claude/settings.json')[0]).toContain('/home/u/.claude/settings.json');
    expect(paths('cat "${HOME}/.gatehouse/endpoint.json"')[0]).toEqual(['/home/u/.gatehouse/endpoint.json']);
    expect(paths('git diff --output=~/.bashrc')[0]).toContain('/home/u/.bashrc');
    expect(paths('dd if=x of=~/.bashrc')[0]).toContain('/home/u/.bashrc');
    expect(paths('cd .claude && rm settings.json')[1]).toEqual(['/home/u/ws/.claude/settings.json']);
    expect(paths('bash -c "cat ~/.ssh/id_rsa"')[0]).toEqual(['/home/u/.ssh/id_rsa']);
    // `..` is also kept for the file system to resolve, in case a symlink sits before it.
    expect(paths('wc -l < ../secret.txt')[0]).toEqual(['/home/u/secret.txt', '/home/u/ws/../secret.txt']);
    expect(paths('cat src/link-etc/../etc/passwd')[0]).toEqual(['/home/u/ws/src/etc/passwd', '/home/u/ws/src/link-etc/../etc/passwd']);
    expect(paths('cat ~+/README.md')[0]).toEqual(['/home/u/ws/README.md']);
  });

  it('skips URLs and remotes, and keeps option names out', () => {
    expect(paths('curl -sSL https://example.com/x -o out.txt')[0]).toEqual(['/home/u/ws/out.txt']);
    expect(paths('ls -la src')[0]).toEqual(['/home/u/ws/src']);
    expect(paths('git push git@github.com:o/r.git main')[0]).toEqual(['/home/u/ws/push', '/home/u/ws/main']);
  });

  it('includes a program run from a path, but not system binaries', () => {
    expect(paths('./scripts/build.sh --fast')[0]).toEqual(['/home/u/ws/scripts/build.sh']);
    expect(paths('/usr/bin/ls')[0]).toEqual([]);
  });
});

describe('the paths a command writes', () => {
  it('lists what is written, deleted or moved', () => {
    expect(writes('echo {} > .claude/settings.json')).toEqual(['/home/u/ws/.claude/settings.json']);
    // .claude.bak may be a folder, in which case mv writes .claude.bak/.claude.
    expect(writes('mv .claude .claude.bak').sort()).toEqual(['/home/u/ws/.claude', '/home/u/ws/.claude.bak', '/home/u/ws/.claude.bak/.claude']);
    expect(writes('cp -r /tmp/evil/.claude .')).toEqual(['/home/u/ws', '/home/u/ws/.claude']);
    expect(writes('sed -i "s/a/b/" ~/.claude/settings.json')).toEqual(['/home/u/.claude/settings.json']);
    expect(writes('sort -o .claude/settings.local.json x')).toEqual(['/home/u/ws/.claude/settings.local.json']);
    expect(writes('echo x | tee -a a.txt b.txt')).toEqual(['/home/u/ws/a.txt', '/home/u/ws/b.txt']);
    expect(writes('rm -rf build dist')).toEqual(['/home/u/ws/build', '/home/u/ws/dist']);
    expect(writes('cp -t out a b')).toEqual(['/home/u/ws/out', '/home/u/ws/out/a', '/home/u/ws/out/b']);
  });

  it('lists nothing for readers', () => {
    for (const c of ['cat .claude/settings.json', 'ls .claude', 'grep -r x .', 'sed -n 1p f', 'sort f', 'git diff']) expect(writes(c), c).toEqual([]);
  });
});
