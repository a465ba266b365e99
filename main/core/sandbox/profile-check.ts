// What a profile lets a contained command do with one path or host, as the sandbox will enforce it: for whoever reads a verdict's profile (its tests do).
import type { ContainedProfile } from '../../../common/domain.js';
import picomatch from 'picomatch';
import { isInside } from '../policy/paths.js';

/** Whether the sandbox lets the command write `p` (an absolute, resolved path). */
export function mayWrite(profile: ContainedProfile, p: string): boolean {
  return profile.writable.some((w) => isInside(p, w)) && !profile.unwritable.some((u) => isInside(p, u));
}

// A profile is reused across calls (and asked of every path a command names): its hidden-path test is made once.
const hiddenTests = new WeakMap<ContainedProfile, (p: string) => boolean>();

function hiddenTest(profile: ContainedProfile): (p: string) => boolean {
  let test = hiddenTests.get(profile);
  if (test === undefined) {
    const globs = profile.unreadable.filter((u) => /[*?[]/.test(u));
    const paths = profile.unreadable.filter((u) => !/[*?[]/.test(u));
    const globbed = globs.length === 0 ? () => false : picomatch(globs.flatMap((u) => [u, `${u}/**`]), { dot: true });
    test = (p) => paths.some((u) => isInside(p, u)) || globbed(p);
    hiddenTests.set(profile, test);
  }
  return test;
}

/** Whether the sandbox lets the command read `p`: no unreadable path or glob covers it (or a folder above it). */
export function mayRead(profile: ContainedProfile, p: string): boolean {
  return !hiddenTest(profile)(p);
}

/** Whether the command may connect to `host` without a question: a listed host or one of its subdomains. */
export function mayReach(profile: ContainedProfile, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return profile.hosts.some((d) => h === d || h.endsWith(`.${d}`));
}
