// What the in-memory ignore readers' tests share: a scratch root with its own HOME, git run without the caller's GIT_
// variables, and the comparison of knownUnignored with `git ls-files -co --exclude-standard` itself.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { knownUnignored } from '../../../main/core/policy/workspace/ignore-index/unignored.js';

/** A scratch root (physical), a HOME inside it and an environment with that HOME and no GIT_ variables. */
export interface Scratch {
  root: string;
  home: string;
  env: NodeJS.ProcessEnv;
  /** Runs git in `cwd` with `env`; its output. */
  git(cwd: string, ...args: string[]): string;
}

/** A fresh scratch root, removed after the test file. */
export function scratch(prefix: string): Scratch {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  const home = path.join(root, 'home');
  mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), HOME: home };
  delete env.XDG_CONFIG_HOME;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, env, encoding: 'utf8' });
  return { root, home, env, git };
}

/** What `git ls-files -z -co --exclude-standard -- under` lists, run from `ws`, relative to `ws` and sorted. */
export function gitListed(ws: string, under: string, env: NodeJS.ProcessEnv): string[] {
  const out = execFileSync('git', ['-c', 'core.fsmonitor=false', 'ls-files', '-z', '-co', '--exclude-standard', '--', under], { cwd: ws, env, encoding: 'utf8' });
  return out.split('\0').filter((s) => s !== '').sort();
}

/** knownUnignored's answer relative to `ws` and sorted, or null. */
export function knownListed(ws: string, under: string, env: NodeJS.ProcessEnv): string[] | null {
  const known = knownUnignored(ws, under, env);
  return known === null ? null : known.map((p) => path.relative(ws, p)).sort();
}

/** Expects knownUnignored to answer for `under` exactly as git ls-files does. */
export function expectSameListing(ws: string, under: string, env: NodeJS.ProcessEnv): void {
  const known = knownListed(ws, under, env);
  expect(known, `knownUnignored handed back to git for ${under}`).not.toBeNull();
  expect(known, `the files listed below ${under}`).toEqual(gitListed(ws, under, env));
}

/** Runs `body` with process.env as `vars` (a PATH with no git in it, say), restoring it after. */
export async function withEnv<T>(vars: NodeJS.ProcessEnv, body: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, vars);
  try {
    return await body();
  } finally {
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
