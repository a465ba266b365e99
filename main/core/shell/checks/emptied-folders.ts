// The folder a build tool or test runner empties (specs/emptied-folders.ts) is judged as `rm -rf` would judge it.
import { flag } from '../findings.js';
import { absolutePath, isInside, protectedTarget } from '../paths.js';
import { emptiedFolders } from '../specs/emptied-folders.js';
import { wordSpan, type CheckInput } from './context.js';

/**
 * A protected folder (home, /, the workspace itself…) emptied is a hard deny; one outside the workspace is a write
 * there; one inside is a risk shown in the review.
 * Threat: `pytest --basetemp=~`, `cargo clean --target-dir ~`, `CARGO_TARGET_DIR=~ cargo clean`, `hugo -d ~ --cleanDestinationDir`.
 */
export function checkEmptiedFolders(c: CheckInput): void {
  const name = c.cmd.argv[0] ?? '';
  for (const e of emptiedFolders(c.cmd.argv, c.cmd.env)) {
    const at = e.index < 0 ? c.cmd.span : wordSpan(c, e.index);
    const why = protectedTarget(e.path, c.cwd, c.ctx);
    if (why !== null) flag(c.f, 'destructive', `${name} ${e.option} ${e.path} empties ${why}, as rm -r would`, at, 'hard');
    else if (!isInside(absolutePath(e.path, c.cwd, c.ctx.home), c.ctx.cwd)) flag(c.f, 'outside-workspace', `${name} ${e.option} ${e.path} empties a folder outside the workspace`, at);
    else flag(c.f, 'destructive', `${name} ${e.option} ${e.path} empties that folder first`, at, 'risk');
  }
}
