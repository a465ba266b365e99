// The start-up warm-up decides made-up calls in a scratch folder: it leaves nothing behind, and a machine where it
// cannot work (no usable temp folder) still starts — only speed is at stake.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { warmUpPolicy } from '../../../main/core/policy/warm-up.js';

const saved = process.env.TMPDIR;
const root = mkdtempSync(path.join(tmpdir(), 'gh-warm-test-'));
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
});

describe('the policy warm-up at start', () => {
  it('decides its calls in a scratch folder and removes it', async () => {
    const tmp = path.join(root, 'tmp');
    mkdirSync(tmp);
    process.env.TMPDIR = tmp;
    await warmUpPolicy(path.join(root, 'home'), path.join(root, 'gatehouse'));
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('never throws where no scratch folder can be made', async () => {
    const tmp = path.join(root, 'locked');
    mkdirSync(tmp);
    chmodSync(tmp, 0o500);
    process.env.TMPDIR = path.join(tmp, 'missing');
    await expect(warmUpPolicy(path.join(root, 'home'), path.join(root, 'gatehouse'))).resolves.toBeUndefined();
    chmodSync(tmp, 0o700);
    rmSync(root, { recursive: true, force: true });
  });
});
