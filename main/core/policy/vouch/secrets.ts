// Recognises paths that usually hold credentials, so the verdict can flag them (`secrets` risk) and tiers never auto-allow them.
import { segments } from '../paths.js';

const SECRET_NAMES = new Set([
  '.env', '.envrc', '.netrc', '_netrc', '.npmrc', '.pypirc', '.pgpass', '.git-credentials', '.htpasswd',
  'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk',
  'credentials', 'credentials.json', 'service-account.json', 'secrets.json', 'secrets.yaml', 'secrets.yml',
  'master.key', '.vault-token', 'kubeconfig',
  // the sign-ins of agents and developer CLIs: Claude Code, Codex (and Composer), Gemini CLI, gcloud, Cargo, Terraform, rclone, boto
  '.credentials.json', 'auth.json', 'oauth_creds.json', 'application_default_credentials.json', 'access_tokens.db', 'credentials.db',
  'credentials.toml', 'credentials.tfrc.json', 'rclone.conf', '.boto', '.s3cfg', '.dockercfg',
  // shell and REPL histories: tokens typed or pasted on a command line
  '.bash_history', '.zsh_history', '.sh_history', '.python_history', '.node_repl_history', '.psql_history', '.mysql_history', '.sqlite_history', '.rediscli_history',
]);
/** Sign-in files whose names alone say nothing, by the folder holding them (`~/.config/gh/hosts.yml`). */
const SECRET_IN_FOLDER = new Map([['gh', new Set(['hosts.yml'])], ['.config', new Set(['hub'])]]);
const SECRET_EXTENSIONS = ['pem', 'key', 'p12', 'pfx', 'jks', 'keystore', 'kdbx', 'asc', 'gpg', 'ppk', 'tfstate'];
const SECRET_EXT = new RegExp(`\\.(${SECRET_EXTENSIONS.join('|')})$`, 'i');
// `.env.local`, and a named environment file (`production.env`, `app.env.local`); not the templates checked in beside them.
const ENV_VARIANT = /^(?:\.env\.(?!example$|sample$|template$|dist$|defaults$)[^/]+|[^/]+\.env(?:\.(?!example$|sample$|template$|dist$|defaults$)[^/]+)?)$/i;
const SECRET_DIRS = new Set(['.ssh', '.gnupg', '.aws', '.azure', '.kube', '.docker', 'secrets', '.secrets', '.password-store', 'gcloud']);
const PUBLIC = /\.pub$|^known_hosts$|^config$|^authorized_keys$/;

/**
 * The credentials list as names: files, `.env.*` variants, key extensions, folders, and sign-ins known by their folder.
 * An OS sandbox cannot ask, so it denies these by name (main/core/sandbox/secret-paths.ts).
 */
export function secretNames(): { files: string[]; extensions: string[]; folders: string[]; inFolder: Array<[string, string]> } {
  const inFolder = [...SECRET_IN_FOLDER].flatMap(([dir, names]) => [...names].map((n): [string, string] => [dir, n]));
  return { files: [...SECRET_NAMES], extensions: [...SECRET_EXTENSIONS], folders: [...SECRET_DIRS], inFolder };
}

/** Why a path looks like it holds a secret, or null. */
export function secretReason(p: string): string | null {
  const segs = segments(p);
  const name = segs[segs.length - 1] ?? '';
  const lower = name.toLowerCase();
  if (SECRET_NAMES.has(lower) || SECRET_IN_FOLDER.get((segs[segs.length - 2] ?? '').toLowerCase())?.has(lower) === true) return `${name} usually holds credentials`;
  if (ENV_VARIANT.test(name)) return `${name} is an environment file that usually holds credentials`;
  if (SECRET_EXT.test(name)) return `${name} looks like a key or certificate file`;
  let dir: string | undefined;
  for (let i = 0; i < segs.length - 1 && dir === undefined; i++) if (SECRET_DIRS.has(segs[i]!.toLowerCase())) dir = segs[i];
  if (dir && !(dir === '.ssh' && PUBLIC.test(name))) return `${name} is inside a ${dir} folder`;
  return null;
}

/**
 * Why a rule for a whole tool (`Read`, `Grep`, `Glob` with no specifier) still does not vouch for a path: credentials
 * (secretReason, either spelling) and anything under /proc (processes' environments, memory, cwd links). Only a
 * rule that names such a path allows it. Null when the blanket rule covers it.
 */
export function blanketRuleExcludes(facts: { requested: string; resolved: string; holds?: string }): string | null {
  if (/^\/proc(\/|$)/.test(facts.requested) || /^\/proc(\/|$)/.test(facts.resolved)) return `${facts.requested} is inside /proc (processes' environments and memory)`;
  // A credentials folder searched as a whole (`Grep` in ~/.ssh), or a recursion that reaches credentials.
  const folder = [facts.requested, facts.resolved].map((p) => segments(p).at(-1) ?? '').find((name) => SECRET_DIRS.has(name.toLowerCase()));
  if (folder !== undefined) return `${facts.requested} is a ${folder} folder`;
  if (facts.holds !== undefined) return `${facts.requested} holds ${facts.holds}`;
  return secretReason(facts.requested) ?? secretReason(facts.resolved);
}
