// Why bubblewrap could not make its user namespace here, in words a person can act on: the kernel settings that
// switch unprivileged user namespaces off, or a sandbox or container around this process that forbids more of them.
// Every contained command runs in one (and the shared network namespace is entered through one), so without them
// nothing can run contained. A pure reading of what was probed, beside its table test.
import { readFileSync } from 'node:fs';

/** The kernel settings that decide whether an unprivileged process may make a user namespace (null: not on this kernel). */
export interface UserNamespaceSettings {
  /** user.max_user_namespaces: 0 switches them off for everyone. */
  maxUserNamespaces: string | null;
  /** kernel.unprivileged_userns_clone (Debian's patch): 0 switches them off for unprivileged users. */
  unprivilegedClone: string | null;
  /** kernel.apparmor_restrict_unprivileged_userns (Ubuntu 23.10+): 1 lets only programs with an AppArmor profile make them. */
  apparmorRestrict: string | null;
}

/** What stops user namespaces, and its fix. */
export interface UserNamespaceCause {
  why: string;
  fix: string;
}

/** What readiness runs to see whether a sandbox can be made: bwrap as a contained command uses it, running nothing. */
export const PROBE = ['bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--unshare-pid', '--unshare-user', '--unshare-net', '/bin/sh', '-c', ':'];

const KEEP = ' (and in /etc/sysctl.d/ to keep it after a restart)';

/**
 * Why PROBE failed, from the kernel settings and bwrap's own error line: the settings first (they name the switch),
 * then what the error says (a limit reached, a refusal), else bwrap's words with how to see more.
 */
export function userNamespaceCause(settings: UserNamespaceSettings, bwrapError: string): UserNamespaceCause {
  const said = bwrapError.trim() === '' ? '' : ` (bwrap: ${bwrapError.trim().replace(/^bwrap:\s*/, '')})`;
  if (settings.maxUserNamespaces?.trim() === '0') {
    return { why: `user namespaces are switched off on this machine: user.max_user_namespaces = 0${said}`, fix: `sysctl -w user.max_user_namespaces=15000${KEEP}` };
  }
  if (settings.unprivilegedClone?.trim() === '0') {
    return { why: `user namespaces are switched off for unprivileged users: kernel.unprivileged_userns_clone = 0${said}`, fix: `sysctl -w kernel.unprivileged_userns_clone=1${KEEP}` };
  }
  if (settings.apparmorRestrict?.trim() === '1' && !/ENOSPC|nesting depth/i.test(bwrapError)) {
    return {
      why: `AppArmor lets only programs with a profile make user namespaces: kernel.apparmor_restrict_unprivileged_userns = 1${said}`,
      fix: `sysctl -w kernel.apparmor_restrict_unprivileged_userns=0${KEEP}, or give bwrap an AppArmor profile with "userns," (Ubuntu: /etc/apparmor.d/bwrap)`,
    };
  }
  if (/ENOSPC|nesting depth|No space left/i.test(bwrapError)) {
    return {
      why: `no more user namespaces may be made here: a sandbox or container around this process limits them${said}`,
      fix: 'run Gatehouse outside that sandbox or container (or raise its max_user_namespaces limit)',
    };
  }
  if (/namespace|[ug]id map|not permitted|permission denied|EPERM/i.test(bwrapError)) {
    return {
      why: `user namespaces are refused here (a container's seccomp policy, a hardened kernel)${said}`,
      fix: 'enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0), or run outside a container that forbids them',
    };
  }
  return { why: `bwrap cannot create a sandbox here${said}`, fix: `run \`${PROBE.join(' ')}\` in a shell to see why` };
}

function sysctl(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** This machine's user namespace settings, as this process sees them. */
export function userNamespaceSettings(): UserNamespaceSettings {
  return {
    maxUserNamespaces: sysctl('/proc/sys/user/max_user_namespaces'),
    unprivilegedClone: sysctl('/proc/sys/kernel/unprivileged_userns_clone'),
    apparmorRestrict: sysctl('/proc/sys/kernel/apparmor_restrict_unprivileged_userns'),
  };
}
