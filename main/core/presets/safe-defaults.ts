// "Safe defaults": deny rules for destructive commands and secrets, plus common read-only commands. Read-only tools
// inside the workspace are already allowed by the tiers.
import type { Preset } from '../../../common/api.js';

/** The cautious preset: refuses the worst, allows only a few read-only commands, asks about the rest. */
export const SAFE_DEFAULTS: Preset = {
  name: 'safe-defaults',
  title: 'Safe defaults',
  description:
    'Denies destructive commands, privilege escalation, force pushes and reading secrets; allows common read-only git and shell commands.',
  rules: [
    { action: 'deny', pattern: 'Bash(rm -rf:*)', note: 'recursive forced delete' },
    { action: 'deny', pattern: 'Bash(git push --force:*)', note: 'rewrites shared history' },
    { action: 'deny', pattern: 'Bash(git reset --hard:*)', note: 'discards uncommitted work' },
    { action: 'deny', pattern: 'Bash(git clean -fdx:*)', note: 'deletes untracked and ignored files' },
    { action: 'deny', pattern: 'Bash(sudo:*)', note: 'privilege escalation' },
    { action: 'deny', pattern: 'Bash(su:*)', note: 'privilege escalation' },
    { action: 'deny', pattern: 'Bash(chmod -R 777:*)', note: 'opens permissions to everyone' },
    { action: 'deny', pattern: 'Read(./.env)', note: 'secrets' },
    { action: 'deny', pattern: 'Read(./.env.*)', note: 'secrets' },
    { action: 'deny', pattern: 'Read(./**/*.pem)', note: 'private keys' },
    { action: 'deny', pattern: 'Read(./**/*.key)', note: 'private keys' },
    { action: 'deny', pattern: 'Read(~/.ssh/**)', note: 'SSH keys' },
    { action: 'deny', pattern: 'Read(~/.aws/**)', note: 'cloud credentials' },
    { action: 'allow', pattern: 'Bash(git status)' },
    { action: 'allow', pattern: 'Bash(git diff:*)' },
    { action: 'allow', pattern: 'Bash(git log:*)' },
    { action: 'allow', pattern: 'Bash(git show:*)' },
    { action: 'allow', pattern: 'Bash(git branch)' },
    { action: 'allow', pattern: 'Bash(ls:*)' },
    { action: 'allow', pattern: 'Bash(pwd)' },
    { action: 'allow', pattern: 'Bash(wc:*)' },
    { action: 'allow', pattern: 'Bash(which:*)' },
  ],
};
