// find's expression as a closed world (GNU findutils' tests, actions and options as data): under `Bash(find:*)` an
// unknown expression word asks, a test that opens another file has that file judged by the tiers, actions that
// write, delete or run are never vouched for; everyday searches stay allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const HOSTILE = [
  // files find opens: judged by the tiers (outside the workspace)
  'find . -newer ~/.ssh/id_rsa', 'find . -anewer {{OUT}}/secret.txt', 'find . -samefile ~/.aws/credentials', 'find . -neweram ~/.netrc',
  // -files0-from prints each name the file holds, or echoes it in an error: its contents come out
  'find . -files0-from /etc/passwd', 'find src -files0-from .env', 'find . -files0-from secrets/key.pem',
  // expression words Gatehouse does not know (GNU extensions to come, typos, other finds' primaries)
  'find . -frobnicate', 'find . -name x -exec-batch rm', 'find . -D exec -name x', 'find . -fls', 'find . -newerXY x',
  // actions that write, delete or run
  'find . -fprint ~/.bashrc', 'find . -fprint0 /tmp/x', 'find . -fprintf ~/.profile %p', 'find . -fls out.txt', 'find src -delete',
  'find . -name "*.ts" -delete', 'find . -exec sh -c id \\;', 'find . -execdir rm {} +', 'find . -ok rm {} \\;', 'find . -okdir cat {} \\;',
  // walking out of the workspace, or following links out of it
  'find / -name id_rsa', 'find ~ -name "*.pem"', 'find -L . -name x', 'find {{OUT}} -type f',
];

const HARMLESS = [
  'find . -name "*.ts"', 'find src -type f', 'find . -maxdepth 2 -type d', 'find . -mindepth 1 -maxdepth 1', 'find . -type f -size +1M -mtime -3',
  'find . -mmin -30 -print', 'find . -iname readme.md', 'find . -path "./src/*" -prune -o -print', 'find . \\( -name a -o -name b \\) -print',
  'find . -not -name "*.md"', 'find . ! -empty', 'find . -name x -print0', 'find . -printf "%p %s\\n"', 'find . -name x -quit', 'find . -ls',
  'find . -newer src/app.ts', 'find . -newermt 2024-01-01', 'find . -regextype posix-extended -regex ".*\\.ts"', 'find . -perm -u+x -type f',
  'find . -user root -name x', 'find . -cnewer .env' /* only its time is read, as ls -l would */, 'find . -links +1', 'find -P . -xdev -name x', 'find . -depth -name x', 'find src -name "*.ts" -exec wc -l {} +',
];

describe('find under Bash(find:*): hostile', () => {
  it.each(HOSTILE)('%j is not allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).not.toBe('allow');
  });
});

describe('find under Bash(find:*): harmless', () => {
  it.each(HARMLESS)('%j is allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).toBe('allow');
  });
});
