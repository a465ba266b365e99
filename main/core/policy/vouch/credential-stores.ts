// Outside the workspace, the closed world of credentials: every hidden file or folder of a home (where tools keep their
// settings and tokens) and the system's own credential stores, not a list of known token-file names.
import { segments } from '../paths.js';

/** The system's password, sudo, host-key and secret stores (by path below `/`, a trailing `/` for a whole folder). */
const SYSTEM_STORES = [
  'etc/shadow', 'etc/shadow-', 'etc/gshadow', 'etc/gshadow-', 'etc/master.passwd', 'etc/spwd.db', 'etc/sudoers', 'etc/sudoers.d/',
  'etc/security/opasswd', 'etc/krb5.keytab', 'etc/ssl/private/', 'etc/pki/tls/private/', 'etc/ssh/', 'etc/NetworkManager/system-connections/',
  'etc/wpa_supplicant/', 'etc/ipsec.secrets', 'etc/ppp/chap-secrets', 'etc/openvpn/', 'etc/letsencrypt/', 'var/lib/sss/', 'var/db/sudo/',
  'var/lib/sudo/', 'run/secrets/', 'var/run/secrets/', 'root/', 'Library/Keychains/', 'private/var/db/', 'var/lib/docker/', 'var/lib/kubelet/',
];
// ssh_config and its folder of defaults are public; the host keys beside them are not.
const PUBLIC_SYSTEM = /^etc\/ssh\/(ssh_config|ssh_config\.d\/.*|moduli|[^/]+\.pub)$/;
/** Folders that hold people's homes: a hidden name below one is that person's tool state. */
const HOME_PARENTS = /^(home|Users|var\/home)\/[^/]+$/;

/**
 * The part of `p` (absolute, outside the workspace) that makes it a credential store, or null: the first hidden name
 * below a home (`.netrc`, `.config`, `.local`), a home's `Library/Keychains`, or a system store's name (`shadow`, `sudoers`).
 * A rule names such a path only when its pattern spells that part.
 */
export function credentialAnchor(p: string, homes: readonly string[]): { anchor: string; why: string } | null {
  for (const home of homes) {
    if (home === '' || home === '/' || !(p === home || p.startsWith(`${home}/`))) continue;
    const below = segments(p.slice(home.length));
    const hidden = below.find((s) => s.startsWith('.') && s !== '.' && s !== '..');
    // A public key is public: `~/.ssh/id_ed25519.pub` is what one hands out.
    if (hidden === '.ssh' && below.length === 2 && below[1]!.endsWith('.pub')) return null;
    if (hidden !== undefined) return { anchor: hidden, why: `${hidden} is a hidden file or folder of the home, where tools keep settings and tokens` };
    if (below[0] === 'Library' && below[1] === 'Keychains') return { anchor: 'Keychains', why: 'Keychains holds the login keychain' };
  }
  const rel = p.replace(/^\/+/, '');
  const parts = segments(rel);
  for (let i = 1; i < parts.length; i++) {
    if (!HOME_PARENTS.test(parts.slice(0, i).join('/'))) continue;
    const hidden = parts.slice(i).find((s) => s.startsWith('.'));
    if (hidden !== undefined) return { anchor: hidden, why: `${hidden} is a hidden file or folder of a home, where tools keep settings and tokens` };
  }
  if (PUBLIC_SYSTEM.test(rel)) return null;
  // Running as root, /root is the home: its hidden names count, not all of it.
  const store = SYSTEM_STORES.find((s) => (s.endsWith('/') ? rel.startsWith(s) || `${rel}/` === s : rel === s) && !homes.includes(`/${s.replace(/\/$/, '')}`));
  if (store === undefined) return null;
  const anchor = segments(store).at(-1)!;
  return { anchor, why: `/${store.replace(/\/$/, '')} is a system credential store` };
}

/** Whether a rule pattern spells `anchor` as one of its own path parts (`Read(~/.ssh/**)` names `.ssh`). */
export function patternNames(pattern: string, anchor: string): boolean {
  return segments(pattern).some((s) => s === anchor);
}
