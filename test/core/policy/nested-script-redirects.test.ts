// The redirects of a command that runs a nested script (`sh -c`, `bash -c`, `eval`, a shell behind `timeout` or
// `xargs`): bash opens them before the script runs, so every command of the script reads and writes through them, as
// the commands of `{ …; } < file` do. The analysis dropped them with the outer command, so `bash -c cat < .env` was a
// plain `cat` to the rules and the tiers (allowed under `Bash(cat:*)`: the secret printed to the agent), and
// `eval echo {} > .claude/settings.json` was an unknown write the sandbox caught instead of the tamper guard. A `cd`
// inside the script does not move a file bash opened before it ran. Every hostile row was decided otherwise before.
import { afterAll, beforeAll } from 'vitest';
import type { VerdictDecision as Decision } from '../../../common/domain.js';
import { CAUTIOUS, redTeamTables, type Rules, setUp, tearDown } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

/** A cautious developer's prefix rules (cat, head, echo, xargs… allowed), with the everyday preset's ask for .env. */
const SAFE: Rules = { allow: CAUTIOUS, ask: ['Read(./.env)'] };
/** The same without any rule about .env: the tiers alone keep secrets from being read without the person. */
const TIERS: Rules = { allow: CAUTIOUS };
/** Approve every tool: only hard denies and the tamper guard stand. */
const ALL: Rules = { allow: ['Bash', 'Read', 'Edit', 'Write'], deny: ['Bash(sudo:*)'] };
const SETS = { SAFE, TIERS, ALL };
type SetName = keyof typeof SETS;

const HOSTILE: Array<[string, SetName, Decision]> = [
  // a secret fed to the script's commands on stdin
  ['bash -c cat < .env', 'SAFE', 'ask'], ["sh -c 'head -5' < .env", 'SAFE', 'ask'], ['eval cat < .env', 'SAFE', 'ask'], ['bash -c cat < .env', 'TIERS', 'ask'],
  ["sh -c 'cat; echo' < secrets/key.pem", 'TIERS', 'ask'], ['timeout 5 sh -c cat < .env', 'SAFE', 'ask'], ['xargs sh -c cat < .env', 'SAFE', 'ask'],
  ["env sh -c 'tr a b' < .env", 'TIERS', 'ask'], ['bash <<< cat < .env', 'SAFE', 'ask'], ["sh -c 'cat' 0< .env", 'SAFE', 'ask'],
  // the script's output written into an agent's hook configuration
  ["sh -c 'echo {}' > .claude/settings.json", 'ALL', 'deny'], ['eval echo {} > .claude/settings.json', 'ALL', 'deny'], ['bash -c true > ~/.claude/settings.json', 'ALL', 'deny'],
  ['eval echo x >> ~/.gemini/settings.json', 'ALL', 'deny'], ["timeout 9 bash -c 'echo {}' > .claude/settings.json", 'ALL', 'deny'],
  // a cd inside the script: the file was opened where the outer command runs
  ["sh -c 'cd /tmp && echo {}' > .claude/settings.json", 'ALL', 'deny'], ["bash -c 'cd src; cat' < .env", 'SAFE', 'ask'],
];

const HARMLESS: Array<[string, SetName]> = [
  ['bash -c cat < README.md', 'SAFE'], ["sh -c 'cd src && cat' < README.md", 'SAFE'], ["bash -c 'echo hi' 2>/dev/null", 'SAFE'], ['sh -c cat < notes.md', 'TIERS'],
  ["sh -c 'echo hi' > notes.md", 'ALL'], ["bash -c 'echo done' >> notes.md", 'ALL'], ["bash -c 'cat; echo' < src/app.ts", 'TIERS'],
];

redTeamTables('redirects around a nested script reach its commands', SETS, HOSTILE, HARMLESS);
