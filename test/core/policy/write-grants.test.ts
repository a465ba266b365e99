// Which files a Write/Edit rule may let a command write (`npm test > FILE`): hostile targets are never coverable.
import { describe, expect, it } from 'vitest';
import { writeGrantProblem } from '../../../main/core/policy/rules/write-grants.js';
import type { WorkspaceState } from '../../../main/core/policy/types.js';

const ws: WorkspaceState = { cwd: '/home/u/proj', home: '/home/u', gatehouseHome: '/home/u/.gatehouse', paths: new Map(), gitCodePaths: ['/home/u/proj/githooks'] };
const lexical = (p: string) => ({ requested: p, resolved: p, insideWorkspace: p.startsWith('/home/u/proj/') });

describe('writeGrantProblem', () => {
  it.each([
    ['/home/u/proj/log.txt'],
    ['/home/u/proj/build/out/report.xml'],
    ['/home/u/proj/src/.gitignore.bak'],
  ])('%s may be covered', (p) => {
    expect(writeGrantProblem(lexical(p), ws)).toBeNull();
  });

  it.each([
    ['/home/u/outside.txt', /outside the workspace/],
    ['/home/u/proj-evil/x.txt', /outside the workspace/],
    ['/home/u/proj/.git/hooks/pre-commit', /\.git/],
    ['/home/u/proj/.GIT/config', /\.git/],
    ['/home/u/proj/sub/.gitattributes', /\.git/],
    ['/home/u/proj/githooks/pre-commit', /hooks folder/],
    ['/home/u/proj/.env', /credentials|environment/],
    ['/home/u/proj/.env.local', /environment/],
    ['/home/u/proj/certs/server.pem', /key or certificate/],
    ['/home/u/proj/.claude/settings.json', /Claude Code/],
    ['/home/u/proj/.codex/config.toml', /Codex|config/],
    ['/home/u/proj/.gemini/settings.json', /Gemini|settings/],
  ])('%s is never covered', (p, why) => {
    expect(writeGrantProblem(lexical(p), ws)).toMatch(why);
  });

  it('a workspace name that resolves outside (a symbolic link) is never covered', () => {
    expect(writeGrantProblem({ requested: '/home/u/proj/log.txt', resolved: '/etc/cron.d/x', insideWorkspace: false }, ws)).toMatch(/resolves to \/etc\/cron\.d\/x/);
  });

  it('a workspace name that resolves to a secret inside is never covered', () => {
    expect(writeGrantProblem({ requested: '/home/u/proj/log.txt', resolved: '/home/u/proj/.env', insideWorkspace: true }, ws)).not.toBeNull();
  });

  it('GATEHOUSE_HOME inside the workspace is never covered', () => {
    const inside = { ...ws, gatehouseHome: '/home/u/proj/.gh' };
    expect(writeGrantProblem(lexical('/home/u/proj/.gh/gatehouse.db'), inside)).toMatch(/GATEHOUSE_HOME/);
  });
});
