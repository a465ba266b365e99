// Globs judged by bash's matching rules (issue 12 class 2), and awk read right (class 8), and git's own code paths (11).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAUTIOUS, bash, judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const HOSTILE = [
  // bracket negation and ranges, ?, GLOBIGNORE, shopt
  'cat .[!.]*', 'cat .e[!x]v', 'cat .[!a-d]*', 'cat .[e]nv', 'cat .?nv', 'head .e?v', 'cat secrets/*.p[e]m', 'GLOBIGNORE=x; cat *', 'GLOBIGNORE=.; cat *',
  'shopt -s dotglob; cat *', 'shopt -s nocaseglob; cat .ENV*', 'wc -c .[[:alpha:]]*',
  // rg -g picks ignored files
  "rg -g '.env' KEY", "rg -g '?env' KEY", "rg -g '[.]env' KEY", "rg -g '**/*.pem' KEY", "rg --glob='{.env,x}' KEY", "rg -g '*.pem' KEY secrets",
  // awk: division is not a regex; ARGV rewritten in BEGIN; ENVIRON
  "awk '{ x = $1 / 2; system(\"id\") / 1 }' README.md", "awk 'NR/1 { print > \"/tmp/x\" } /x/' README.md", "awk 'BEGIN { sub(/x/, \".env\", ARGV[1]) } { print }' x",
  "awk 'BEGIN { split(\".env\", ARGV); ARGC = 2 } { print }'", "awk 'BEGIN { print ENVIRON[\"GITHUB_TOKEN\"] }'", "awk 'BEGIN { ARGV[1] = \".env\"; ARGC = 2 } 1'",
  // git's own code paths written by shell commands
  'echo "[core] fsmonitor = ./x" >> .git/config', 'cp /tmp/h .git/hooks/pre-commit', 'printf "#!/bin/sh\\nid" > .git/hooks/post-checkout', 'sed -i s/a/b/ .git/config',
];
const HARMLESS = ['cat src/*.ts', 'cat *.md', 'ls src/[au]*.ts', 'head -n 1 src/?pp.ts', "rg -g '*.ts' export", "rg -g '*.md' Fixture", "awk '{ print $1 / 2 }' README.md", "awk '/\\// {print}' README.md", "awk -F: '{print $1}' README.md"];

describe('globs, awk and .git: hostile', () => {
  it.each(HOSTILE)('%j is not allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).not.toBe('allow');
  });
  it.each([[{ pattern: 'KEY', glob: '**/*.pem' }], [{ pattern: 'KEY', glob: '{.env,x}' }], [{ pattern: 'KEY', glob: '?env' }], [{ pattern: 'KEY', glob: '.e[!x]v' }]])(
    'Grep %j is not allowed by the tiers',
    async (args) => {
      const v = await judge('Grep', args, 'interactive', []);
      expect(v.decision, why(v)).not.toBe('allow');
    },
  );
});

describe('globs and awk: harmless', () => {
  it.each(HARMLESS)('%j is allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).toBe('allow');
  });
  it('set -euo pipefail does not change how globs match', async () => {
    const v = await bash('set -euo pipefail; cat src/*.ts', 'interactive', [...CAUTIOUS, 'Bash(set:*)']);
    expect(v.decision, why(v)).toBe('allow');
  });
  it.each([[{ pattern: 'export', glob: '*.ts' }], [{ pattern: 'export', path: 'src' }]])('Grep %j is allowed by the tiers', async (args) => {
    const v = await judge('Grep', args, 'interactive', []);
    expect(v.decision, why(v)).toBe('allow');
  });
});
