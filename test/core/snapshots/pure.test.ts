// The pure parts of undo: what a plan restores and where it conflicts, what counts as a refusal, unsafe parents.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planUndo } from '../../../main/core/snapshots/plan.js';
import { refusalIn } from '../../../main/core/snapshots/ran.js';
import { unsafeParent } from '../../../main/core/snapshots/restore.js';
import { tempDir } from '../server/helpers.js';

const e = (oid: string, mode = '100644') => ({ mode, oid });

describe('planUndo', () => {
  it('restores what the call changed; a later change is a conflict; a path already back needs nothing', () => {
    const before = new Map([['a', e('1')], ['b', e('2')]]);
    const after = new Map([['a', e('3')], ['c', e('4')]]);
    const now = new Map([['a', e('5')], ['b', e('2')], ['c', e('4')]]);
    const plan = planUndo(['a', 'b', 'c'], before, after, now);
    expect(plan.restores).toEqual([
      { path: 'a', now: e('5'), to: e('1') },
      { path: 'c', now: e('4'), to: undefined },
    ]);
    expect(plan.conflicts).toEqual(['a']);
  });
  it('a mode-only change is a change', () => {
    const plan = planUndo(['x'], new Map([['x', e('1', '100755')]]), new Map([['x', e('1')]]), new Map([['x', e('1')]]));
    expect(plan.restores).toHaveLength(1);
    expect(plan.conflicts).toEqual([]);
  });
});

describe('refusalIn', () => {
  it.each([
    [{ error: 'Tool execution denied by policy.' }, 'Tool execution denied by policy.'],
    [{ llmContent: 'x\nrequires user confirmation, which is not supported in non-interactive mode' }, 'requires user confirmation, which is not supported in non-interactive mode'],
    [{ llmContent: 'Output: (empty)' }, null],
    ['denied by policy', 'denied by policy'],
    [null, null],
    [{ nested: { error: 'denied by policy' } }, null],
  ])('%j → %j', (response, reason) => expect(refusalIn(response)).toBe(reason));
});

describe('unsafeParent', () => {
  it('refuses symlinked or file parents and odd paths; allows real or missing folders', () => {
    const root = tempDir('gatehouse-parent-');
    try {
      mkdirSync(join(root, 'real'));
      symlinkSync('/tmp', join(root, 'link'));
      writeFileSync(join(root, 'file'), '');
      expect(unsafeParent(root, 'real/x')).toBeNull();
      expect(unsafeParent(root, 'missing/deep/x')).toBeNull();
      expect(unsafeParent(root, 'link/x')).toMatch(/symbolic link/);
      expect(unsafeParent(root, 'file/x')).toMatch(/a file where a folder was/);
      for (const p of ['../x', 'a/../../x', '.git/config', 'a//b', '']) expect(unsafeParent(root, p)).not.toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
