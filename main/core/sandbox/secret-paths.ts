// The secret tier as paths an OS sandbox can deny: it cannot ask the person, so what the tiers would ask about it refuses.
import path from 'node:path';
import { secretNames } from '../policy/vouch/secrets.js';

/** Sign-in files of agents and developer CLIs kept in a home folder beside their other settings. */
const HOME_SIGN_INS = [
  '.claude/.credentials.json', '.codex/auth.json', '.gemini/oauth_creds.json', '.config/gh/hosts.yml', '.config/hub',
  '.config/gcloud', '.cargo/credentials', '.cargo/credentials.toml', '.terraform.d/credentials.tfrc.json',
  '.config/rclone/rclone.conf', '.docker/config.json', '.kube/config',
];

/**
 * Globs for every secret-looking file below a workspace (`<ws>/**\/.env`, `<ws>/**\/*.pem`, `<ws>/**\/.ssh`…), expanded
 * by the sandbox when it wraps a command. Tracked ones too: a command that runs contained cannot stop to ask.
 */
export function workspaceSecretGlobs(workspace: string): string[] {
  const s = secretNames();
  const below = (name: string): string => path.join(workspace, '**', name);
  return [
    ...s.files.map(below),
    below('.env.*'),
    ...s.extensions.map((ext) => below(`*.${ext}`)),
    ...s.folders.map(below),
    ...s.inFolder.map(([dir, name]) => below(`${dir}/${name}`)),
  ];
}

/**
 * Literal credential paths in a home folder: its credentials folders and files by name, and the agents' and CLIs'
 * sign-ins (a glob over the whole home would walk it for every command).
 */
export function homeSecretPaths(home: string): string[] {
  const s = secretNames();
  const names = [...s.files, ...s.folders.map((f) => (f.startsWith('.') ? f : null)).filter((f): f is string => f !== null), ...HOME_SIGN_INS];
  return [...new Set(names)].map((n) => path.join(home, n));
}
