// Which paths the tiers treat as credentials: a blanket Read rule never vouches for them, only a rule naming them.
import { describe, expect, it } from 'vitest';
import { secretReason } from '../../../main/core/policy/vouch/secrets.js';

describe('secretReason', () => {
  it.each([
    '/h/.claude/.credentials.json', '/h/.codex/auth.json', '/h/.gemini/oauth_creds.json', '/h/.config/gh/hosts.yml', '/h/.config/hub',
    '/h/.config/gcloud/application_default_credentials.json', '/h/.config/gcloud/legacy_credentials/me/adc.json', '/h/.cargo/credentials.toml',
    '/h/.terraform.d/credentials.tfrc.json', '/h/.config/rclone/rclone.conf', '/h/.boto', '/h/.s3cfg', '/h/.password-store/github.gpg',
    '/h/.password-store/web/site', '/h/.bash_history', '/h/.zsh_history', '/h/.python_history', '/h/.psql_history', '/h/.node_repl_history',
    '/ws/.env', '/ws/.env.local', '/h/.ssh/id_ed25519', '/h/.aws/credentials', '/ws/certs/server.key',
    // A named environment file, and direnv's, which exports what it holds into every shell in the folder.
    '/ws/praDeep.env', '/ws/config/production.env', '/ws/app.env.local', '/ws/.envrc',
  ])('%s holds credentials', (p) => {
    expect(secretReason(p)).not.toBeNull();
  });

  it.each([
    '/ws/src/auth.ts', '/ws/src/credentials.ts', '/ws/.env.example', '/ws/docs/hosts.yml', '/h/.config/gh/config.yml', '/ws/gh/README.md',
    '/ws/constructor/x', '/ws/__proto__/hosts.yml', '/h/.ssh/known_hosts', '/h/.ssh/id_ed25519.pub', '/ws/history.md', '/ws/.history/src/a.ts',
    '/ws/production.env.example', '/ws/app.env.sample', '/ws/src/env.ts', '/ws/environment.md',
  ])('%s does not', (p) => {
    expect(secretReason(p)).toBeNull();
  });
});
