// Our own corpus (test/corpus-extra.json) through runCheck in-process (one process per case for thousands of cases
// takes minutes on a shared 2-core machine), and, when the shared corpus sits beside the repository
// (../shared/corpus/cases.json; a fresh clone has none), every shared case through the real `gatehouse check`
// binary — all against the fixture workspace of test/fixtures/make-workspace.sh.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../main/core/cli/check.js';
import { MAKE_WORKSPACE_SCRIPT, OWN_CORPUS_FILE, SHARED_CORPUS_FILE } from '../bench/support/fixtures.js';

interface CorpusCase {
  id: string;
  category: string;
  mode: string;
  rules: { allow?: string[]; ask?: string[]; deny?: string[] };
  event: Record<string, unknown>;
  expect: 'allow' | 'not-allow' | 'deny';
  why: string;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin', 'gatehouse.js');
const built = existsSync(path.join(repo, 'dist', 'main', 'core', 'cli', 'main.js'));
const load = (f: string): CorpusCase[] => JSON.parse(readFileSync(f, 'utf8')) as CorpusCase[];
const publicCases = SHARED_CORPUS_FILE ? load(SHARED_CORPUS_FILE) : [];
const extraCases = load(OWN_CORPUS_FILE);
const cases = [...publicCases, ...extraCases];

let root = '';
let saved: NodeJS.ProcessEnv | undefined;
const results = new Map<string, Outcome>();

function childEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  for (const k of ['GATEHOUSE_HOME', 'XDG_CONFIG_HOME', 'CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GEMINI_CLI_HOME']) delete env[k];
  return env;
}

function writeRules(c: CorpusCase, sub: (s: string) => string): string {
  const rulesFile = path.join(root, 'rules', `${c.id}.json`);
  writeFileSync(rulesFile, sub(JSON.stringify(c.rules)));
  return rulesFile;
}

function runBinary(c: CorpusCase, sub: (s: string) => string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const rulesFile = writeRules(c, sub);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'check', '--rules', rulesFile, '--mode', c.mode], { env, cwd: repo });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(sub(JSON.stringify(c.event)));
  });
}

describe.skipIf(!built)('corpus through `gatehouse check`', () => {
  beforeAll(async () => {
    root = execFileSync('realpath', [mkdtempSync(path.join(tmpdir(), 'gh-corpus-'))], { encoding: 'utf8' }).trim();
    const ws = execFileSync('bash', [MAKE_WORKSPACE_SCRIPT, root], { encoding: 'utf8' }).trim();
    const home = path.join(root, 'home');
    mkdirSync(path.join(home, '.config', 'Gatehouse'), { recursive: true });
    mkdirSync(path.join(root, 'rules'));
    const sub = (s: string): string =>
      s.replaceAll('{{WS_EVIL}}', path.join(root, 'ws-evil')).replaceAll('{{WS}}', ws)
        .replaceAll('{{OUTSIDE}}', path.join(root, 'outside')).replaceAll('{{HOME}}', home);
    const env = childEnv(home);
    const queue = [...publicCases];
    const worker = async (): Promise<void> => {
      for (let c = queue.shift(); c; c = queue.shift()) results.set(c.id, await runBinary(c, sub, env));
    };
    await Promise.all([worker(), worker(), worker()]);
    // In-process: the check reads HOME and GATEHOUSE_HOME from this process's environment.
    saved = { ...process.env };
    for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
    Object.assign(process.env, env);
    for (const c of extraCases) {
      const out: Outcome = { code: null, stdout: '', stderr: '' };
      out.code = await runCheck(['--rules', writeRules(c, sub), '--mode', c.mode], {
        stdin: sub(JSON.stringify(c.event)), stdout: (s) => (out.stdout += s), stderr: (s) => (out.stderr += s),
      });
      results.set(c.id, out);
    }
  }, 600_000);

  afterAll(() => {
    if (saved) process.env = saved;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('has unique case ids', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = results.get(c.id)!;
    expect(r.stderr, r.stderr).toBe('');
    expect(r.code).toBe(0);
    const verdict = JSON.parse(r.stdout) as { decision: string; reasons: string[] };
    const why = `${c.why}\n${JSON.stringify(c.event['tool_input'])}\n→ ${r.stdout}`;
    if (c.expect === 'allow') expect(verdict.decision, why).toBe('allow');
    else if (c.expect === 'deny') expect(verdict.decision, why).toBe('deny');
    else expect(verdict.decision, why).not.toBe('allow');
  });
});

if (!SHARED_CORPUS_FILE) {
  describe('shared corpus', () => {
    it.skip('not beside this clone (../shared/corpus/cases.json): only our own corpus ran', () => undefined);
  });
}

if (!built) {
  describe('corpus through `gatehouse check`', () => {
    it.skip('needs `npm run build` first (dist/main/core/cli/main.js is missing)', () => undefined);
  });
}
