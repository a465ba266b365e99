// A fresh Gatehouse paid for its first decisions: loading the shell parser, compiling the policy's code and its
// patterns (the first call of a process took ~100 ms, the next few ~10 ms, against ~2 ms warm). They are paid once at
// start instead, off every agent's call: made-up calls decided in a scratch folder, with no rules and no record.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideDetailed } from './decide.js';

// Calls of the kinds agents make most: a shell pipeline and build, a read, an edit, a search, a fetch.
const CALLS: ReadonlyArray<[string, (ws: string) => Record<string, unknown>]> = [
  ['Bash', () => ({ command: 'git status && git diff --stat | head -n 20 && ls -la src > list.txt' })],
  ['Bash', () => ({ command: 'cd src && npm test -- --run 2>&1 | tail -n 40; rg -n "TODO" . || true' })],
  ['Bash', () => ({ command: 'python3 -c "import json; print(json.load(open(\'package.json\')))" && rm -f out.txt' })],
  ['Read', (ws) => ({ file_path: path.join(ws, 'src', 'a.ts') })],
  ['Edit', (ws) => ({ file_path: path.join(ws, 'src', 'a.ts'), old_string: 'a', new_string: 'b' })],
  ['Grep', (ws) => ({ pattern: 'export', path: ws, glob: '*.ts' })],
  ['WebFetch', () => ({ url: 'https://example.com/docs', prompt: 'read' })],
];

/** Decides each made-up call once in a scratch folder, yielding between them; never throws. */
export async function warmUpPolicy(home: string, gatehouseHome: string): Promise<void> {
  let ws: string | null = null;
  try {
    ws = mkdtempSync(path.join(tmpdir(), 'gatehouse-warm-'));
    mkdirSync(path.join(ws, 'src'));
    writeFileSync(path.join(ws, 'src', 'a.ts'), 'export const a = 1;\n');
    for (const [tool_name, args] of CALLS) {
      const request = { id: 'warm-up', received_at: new Date().toISOString(), agent: 'claude-code', session_id: null, cwd: ws, tool_name, args: args(ws), payload: '' };
      await decideDetailed(request, { rules: [], sessionApprovals: [], mode: 'interactive', home, gatehouseHome, now: new Date() });
      await new Promise((done) => setImmediate(done));
    }
  } catch {
    // Only speed is at stake: the first real call pays what was not paid here.
  } finally {
    if (ws !== null) rmSync(ws, { recursive: true, force: true });
  }
}
