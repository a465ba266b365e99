// What a profile lets a contained command do with one path or host, as the sandbox will enforce it: for whoever reads a verdict's profile (its tests do).
import picomatch from 'picomatch';
import type { ContainedProfile } from '../../../common/domain.js';
import { isInside } from '../policy/paths.js';

/** Whether the sandbox lets the command write `p` (an absolute, resolved path). */
export function mayWrite(profile: ContainedProfile, p: string): boolean {
  return profile.writable.some((w) => isInside(p, w)) && !profile.unwritable.some((u) => isInside(p, u));
}

/** Whether the sandbox lets the command read `p`: no unreadable path or glob covers it (or a folder above it). */
export function mayRead(profile: ContainedProfile, p: string): boolean {
  return !profile.unreadable.some((u) => (/[*?[]/.test(u) ? picomatch([u, `${u}/**`], { dot: true })(p) : isInside(p, u)));
}

/** Whether the command may connect to `host` without a question: a listed host or one of its subdomains. */
export function mayReach(profile: ContainedProfile, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return profile.hosts.some((d) => h === d || h.endsWith(`.${d}`));
}
