// Volatile words: which words of a command "allow similar" may generalise, and what each placeholder then matches.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand, bashSpecifierMatches, generaliseWords, initShellParser, specifierIsExact } from '../../../main/core/shell/index.js';

beforeAll(async () => {
  await initShellParser();
});

/** The generalised rule text of a command, read as bash reads its words; null when nothing is volatile. */
function general(command: string): string | null {
  const cmd = analyzeShellCommand(command, { cwd: '/ws', home: '/home/u' }).commands[0]!;
  const g = generaliseWords(cmd.argv);
  return g === null ? null : g.words.join(' ');
}

function matches(specifier: string, command: string): boolean {
  const cmd = analyzeShellCommand(command, { cwd: '/ws', home: '/home/u' }).commands[0]!;
  return bashSpecifierMatches(specifier, cmd, 'allow');
}

describe('generaliseWords', () => {
  it.each([
    ['kill 48211', 'kill <pid>'],
    ['kill -9 48211', 'kill -9 <pid>'],
    ["kill '48211'", 'kill <pid>'],
    ['curl http://localhost:5173/', 'curl http://localhost:<port>/'],
    ['curl -s http://127.0.0.1:8080/api/health', 'curl -s http://127.0.0.1:<port>/api/health'],
    ['npx vite --port 5173', 'npx vite --port <port>'],
    ['python3 -m http.server --port=8000', 'python3 -m http.server --port=<port>'],
    ['rm /tmp/xyz123', 'rm /tmp/<tmp>'],
    ['cat /tmp/tmp.Xa81kQ9zP0/out.txt', 'cat /tmp/tmp.<tmp>/out.txt'],
    ['git show 3f2a9c1', 'git show <hash>'],
    ['docker logs 0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', 'docker logs <uuid>'],
    ['tar -xf backup-2026-11-28T10-15-00.tar', 'tar -xf backup-<time>.tar'],
    ['ls logs/run-1732752000.log', 'ls logs/run-<time>.log'],
  ])('%s → %s', (command, expected) => {
    expect(general(command)).toBe(expected);
  });

  it.each([
    // Program names, flags and plain paths stay as written: nothing volatile, nothing generalised.
    ['ls -la src'],
    ['head -n 200 notes.md'],
    ['kill -9 -1'],
    ['kill 0'],
    ['cat src/app123.ts'],
    ['cat ~/.ssh/id_ed25519'],
    ['rm -rf /tmp'],
    ['sleep 300'],
    ['npm test'],
    // A word bash reads with characters a rule cannot hold, or a placeholder spelled by the agent itself.
    ['echo "a b 48211"'],
    ["kill '<pid>'"],
  ])('%s is left alone', (command) => {
    expect(general(command)).toBeNull();
  });

  it('never touches the program word, even a random-looking one in the temp folder', () => {
    expect(general('/tmp/abc123def 5')).toBeNull();
  });
});

describe('rules with placeholders', () => {
  it.each([
    ['kill <pid>', 'kill 48211', true],
    ['kill <pid>', 'kill 7', true],
    ['kill <pid>', 'kill -1', false],
    ['kill <pid>', 'kill 0', false],
    ['kill <pid>', 'kill 12 13', false],
    ['kill <pid>', 'kill $(pgrep node)', false],
    ['curl http://localhost:<port>/', 'curl http://localhost:3000/', true],
    ['curl http://localhost:<port>/', 'curl http://localhost:3000/ -d @.env', false],
    ['curl http://localhost:<port>/', 'curl http://evil.test:3000/', false],
    ['curl http://localhost:<port>/', 'curl http://localhost:999999/', false],
    ['rm /tmp/<tmp>', 'rm /tmp/q9w8e7r6', true],
    ['rm /tmp/<tmp>', 'rm /tmp/../home/u/.bashrc', false],
    ['rm /tmp/<tmp>', 'rm /tmp/a/b', false],
    ['rm /tmp/<tmp>', 'rm /tmp/.bashrc', false],
    ['rm /tmp/<tmp>', 'rm -rf /tmp/q9w8e7r6', false],
    ['git show <hash>', 'git show a1b2c3d4', true],
    ['git show <hash>', 'git show --output=x a1b2c3d', false],
  ])('Bash(%s) on %s → %s', (specifier, command, expected) => {
    expect(matches(specifier, command)).toBe(expected);
  });

  it('is judged as a prefix rule is, not as one exact command', () => {
    expect(specifierIsExact('kill <pid>')).toBe(false);
    expect(specifierIsExact('kill 48211')).toBe(true);
  });

  it('a placeholder in the program word names no program', () => {
    expect(matches('<pid> 1', '12 1')).toBe(false);
  });
});
