// Why the sandbox cannot make a user namespace, from the kernel switches and bwrap's error: the switch that is off is
// named with the command that turns it on; an unknown cause keeps bwrap's own words and the generic fix.
import { describe, expect, it } from 'vitest';
import { userNamespaceCause, type UserNamespaceSettings } from '../../../main/core/sandbox/user-namespaces.js';

const open: UserNamespaceSettings = { maxUserNamespaces: '63498\n', unprivilegedClone: null, apparmorRestrict: null };
const ENOSPC = 'bwrap: Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces exceeded (ENOSPC)';
const EPERM = 'bwrap: No permissions to create a new namespace, likely because the kernel does not allow non-privileged user namespaces.';

describe('userNamespaceCause', () => {
  it.each<[string, UserNamespaceSettings, string, RegExp, RegExp]>([
    ['max_user_namespaces is 0', { ...open, maxUserNamespaces: '0\n' }, ENOSPC, /switched off on this machine: user\.max_user_namespaces = 0 \(bwrap: Creating new namespace failed/, /sysctl -w user\.max_user_namespaces=15000/],
    ["Debian's switch is off", { ...open, unprivilegedClone: '0\n' }, EPERM, /switched off for unprivileged users: kernel\.unprivileged_userns_clone = 0/, /sysctl -w kernel\.unprivileged_userns_clone=1/],
    ["Ubuntu's AppArmor restriction", { ...open, apparmorRestrict: '1\n' }, 'bwrap: setting up uid map: Permission denied', /AppArmor lets only programs with a profile.*apparmor_restrict_unprivileged_userns = 1/, /apparmor_restrict_unprivileged_userns=0.*AppArmor profile/],
    ['a sandbox or container that allows no more', open, ENOSPC, /no more user namespaces may be made here: a sandbox or container around this process limits them/, /run Gatehouse outside/],
    ['nested under AppArmor, but out of namespaces', { ...open, apparmorRestrict: '1' }, ENOSPC, /no more user namespaces may be made here/, /run Gatehouse outside/],
    ['a refusal with no switch off', open, EPERM, /^user namespaces are refused here \(a container's seccomp policy, a hardened kernel\) \(bwrap: No permissions to create a new namespace/, /enable unprivileged user namespaces/],
    ['a uid map refused', open, 'bwrap: setting up uid map: Permission denied', /^user namespaces are refused here/, /enable unprivileged user namespaces/],
    ['another failure is not blamed on user namespaces', open, 'bwrap: execvp /bin/sh: No such file or directory', /^bwrap cannot create a sandbox here \(bwrap: execvp \/bin\/sh: No such file or directory\)$/, /^run `bwrap --ro-bind \/ \/ .* \/bin\/sh -c :` in a shell to see why$/],
    ['no words from bwrap', { maxUserNamespaces: null, unprivilegedClone: null, apparmorRestrict: null }, '', /^bwrap cannot create a sandbox here$/, /to see why/],
  ])('%s', (_name, settings, error, why, fix) => {
    const cause = userNamespaceCause(settings, error);
    expect(cause.why).toMatch(why);
    expect(cause.fix).toMatch(fix);
  });

  it('a switch that is on is not blamed (1 user namespaces, clone allowed, AppArmor off)', () => {
    const on = { maxUserNamespaces: '1', unprivilegedClone: '1', apparmorRestrict: '0' };
    expect(userNamespaceCause(on, EPERM).why).toMatch(/^user namespaces are refused here/);
  });
});
