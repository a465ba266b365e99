// "Safe defaults": deny rules for destructive commands and secrets, plus common read-only commands. Read-only tools
// inside the workspace are already allowed by the tiers.
import type { Preset } from '../../../common/api.js';
import { allowBash, noted } from './rules.js';

/** The cautious preset: refuses the worst, allows only a few read-only commands, asks about the rest. */
export const SAFE_DEFAULTS: Preset = {
  name: 'safe-defaults',
  title: 'Safe defaults',
  description:
    'Denies destructive commands, privilege escalation, force pushes and reading secrets; allows common read-only git and shell commands.',
  rules: [
    ...noted(
      'deny',
      ['Bash(rm -rf:*)', 'recursive forced delete'],
      ['Bash(git push --force:*)', 'rewrites shared history'],
      ['Bash(git reset --hard:*)', 'discards uncommitted work'],
      ['Bash(git clean -fdx:*)', 'deletes untracked and ignored files'],
      ['Bash(sudo:*)', 'privilege escalation'],
      ['Bash(su:*)', 'privilege escalation'],
      ['Bash(chmod -R 777:*)', 'opens permissions to everyone'],
      ['Read(./.env)', 'secrets'],
      ['Read(./.env.*)', 'secrets'],
      ['Read(./**/*.pem)', 'private keys'],
      ['Read(./**/*.key)', 'private keys'],
      ['Read(~/.ssh/**)', 'SSH keys'],
      ['Read(~/.aws/**)', 'cloud credentials'],
    ),
    ...allowBash('git status', 'git diff:*', 'git log:*', 'git show:*', 'git branch', 'ls:*', 'pwd', 'wc:*', 'which:*'),
  ],
};
