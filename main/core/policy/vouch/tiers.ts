// The built-in workspace tiers of the SLBP policy for read-only file tools (DESIGN.md "Policy order" 5).
import type { PathFacts } from '../types.js';
import { relativeInside } from '../paths.js';
import { secretReason } from './secrets.js';

/** The tier a path falls in, and whether that tier lets a read through without asking. */
export interface TierResult {
  allowed: boolean;
  reason: string;
}

/**
 * Outside the workspace → ask; `.git/` internals → ask; gitignored → ask; secret-looking → ask;
 * inside and tracked or untracked-but-not-ignored → allow. Judged on the RESOLVED path.
 * Threat: a symlink, `..` or `/proc/self/root` that leads out, a prefix-twin folder, and ignored
 * files (`.env`, build output, secrets/) that an agent should not read unasked.
 */
export function readTier(f: PathFacts, realCwd: string): TierResult {
  const where = f.resolved === f.requested ? f.requested : `${f.requested} (resolves to ${f.resolved})`;
  if (!f.insideWorkspace) return { allowed: false, reason: `${where} is outside the workspace` };
  if (f.gitInternal) return { allowed: false, reason: `${where} is inside .git (repository internals)` };
  if (f.ignored) return { allowed: false, reason: `${where} is gitignored` };
  if (f.holds !== undefined) return { allowed: false, reason: `${where} is read recursively and holds ${f.holds}, which the tiers do not let through` };
  // Only the part below the workspace counts: a workspace that itself sits in a `secrets/` folder is not all secret.
  const secret = secretReason(relativeInside(f.resolved, realCwd) ?? f.resolved);
  if (secret) return { allowed: false, reason: `${where}: ${secret}` };
  return { allowed: true, reason: `${where} is inside the workspace and not gitignored` };
}
