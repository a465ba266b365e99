// `gatehouse rules sync codex`: Gatehouse's rules as the agent's native policy, in a file marked generated, so the
// agent does not ask again for what Gatehouse allows and its denies hold even while Gatehouse is down.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Rule } from '../../../common/domain.js';
import { readConfig, writeConfig } from '../agents/config-file.js';
import { GENERATED, toCodexRules } from '../agents/codex/native-policy.js';
import { UsageError, type CliIo } from './store-cli.js';

/** Writes the native policy for one agent; lists what was skipped and why. */
export function syncRules(io: CliIo, rules: Rule[], argv: string[]): number {
  if (argv.length !== 1 || argv[0] !== 'codex') throw new UsageError('rules sync supports codex for now (Claude Code: `gatehouse rules export`)');
  const home = io.env.CODEX_HOME || join(io.env.HOME || homedir(), '.codex');
  const path = join(home, 'rules', 'gatehouse.rules');
  const current = readConfig(path, home);
  // Never overwrite a file the person wrote: only one this command generated.
  if (current !== null && !current.startsWith(GENERATED)) throw new Error(`${path} was not written by gatehouse rules sync; move it away first`);
  const { text, written, skipped } = toCodexRules(rules);
  writeConfig(path, text);
  io.stdout(`wrote ${written.length} rule${written.length === 1 ? '' : 's'} to ${path}\n`);
  for (const s of skipped) io.stdout(`skipped ${s.rule.action} ${s.rule.pattern}: ${s.why}\n`);
  return 0;
}
