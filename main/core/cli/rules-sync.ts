// `gatehouse rules sync <agent> [--user|--project DIR] [--dry-run] [--remove]`: Gatehouse's rules as the agent's
// native policy, so the agent does not ask again for what Gatehouse allows and its denies hold even while Gatehouse
// is down. Only rules whose meaning carries over are written; the others are listed with why.
import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import type { Rule } from '../../../common/domain.js';
import { ConfigError, readConfig, removeConfig, writeConfig } from '../agents/config-file.js';
import { diffText } from '../agents/install.js';
import { findAgent } from '../agents/registry.js';
import { ruleForAgent } from '../policy/index.js';
import { resolveHome } from '../store/home.js';
import { loadHomeRecord, saveHomeRecord } from '../store/home-record.js';
import { AGENT_NAMES, scopeOf } from './agent-args.js';
import { UsageError, type CliIo } from './store-cli.js';

/**
 * Per file sync wrote, GATEHOUSE_HOME/native-sync.json: the entries it added to a file the person also edits, and the
 * text before the first sync with the text sync left, so --remove puts the file back byte for byte while nobody
 * else changed it (otherwise it takes away only its own entries).
 */
type Owned = Record<string, { owned: string[]; before: string | null; after: string } | undefined>;

const RECORD = 'native-sync.json';

/** Writes (or with --remove takes away) one agent's native policy; lists what was skipped and why. */
export function syncRules(io: CliIo, rules: Rule[], argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { user: { type: 'boolean' }, project: { type: 'string' }, 'dry-run': { type: 'boolean' }, remove: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const agent = positionals.length === 1 ? findAgent(positionals[0]!) : undefined;
  if (!agent) throw new UsageError(`rules sync needs one agent: ${AGENT_NAMES}`);
  const scope = scopeOf(values);
  const home = resolveHome(io.env);
  const { path, root } = agent.nativePolicy.target({ scope, env: io.env, userHome: io.env.HOME || homedir(), command: '', state: {} });
  const owned = loadHomeRecord<Owned>(home, RECORD) as Owned;
  const before = readConfig(path, root);
  const record = owned[path];
  const mine = [...(record?.owned ?? [])];
  // The file as it was before sync first touched it, known only while nobody has changed it since.
  const original = record !== undefined && record.after === before ? record.before : before;
  let after: string | null;
  let report: string[] = [];
  const explain = (err: unknown) => (err instanceof ConfigError ? new ConfigError(`${path}: ${err.message}`) : err);
  try {
    if (values.remove) {
      after = before === null ? null : record !== undefined && record.after === before ? record.before : agent.nativePolicy.remove(before, mine);
      mine.length = 0;
    } else {
      // A rule for another agent only (an allow imported from its policy file) never reaches this agent's policy.
      const others = rules.filter((r) => !ruleForAgent(r, agent.kind));
      const out = agent.nativePolicy.render(rules.filter((r) => ruleForAgent(r, agent.kind)), before, mine);
      after = out.text;
      mine.splice(0, mine.length, ...out.owned);
      report = [
        `${values['dry-run'] ? 'would write' : 'wrote'} ${out.written.length} rule${out.written.length === 1 ? '' : 's'} to ${path}`,
        ...out.skipped.map((s) => `skipped ${s.rule.action} ${s.rule.pattern}: ${s.why}`),
        ...others.map((r) => `skipped ${r.action} ${r.pattern}: for ${r.agent} only`),
      ];
    }
  } catch (err) {
    throw explain(err);
  }
  if (values['dry-run']) {
    if (after !== before) io.stdout(diffText([{ path, before, after }]));
    for (const line of report) io.stdout(`${line}\n`);
    return 0;
  }
  if (after === null) removeConfig(path);
  else if (after !== before) writeConfig(path, after);
  if (after === null || values.remove) delete owned[path];
  else owned[path] = { owned: mine, before: original, after };
  saveHomeRecord(home, RECORD, owned);
  if (values.remove) io.stdout(before === null ? `nothing to remove: ${path} does not exist\n` : `removed Gatehouse's rules from ${path}\n`);
  for (const line of report) io.stdout(`${line}\n`);
  return 0;
}
