// `gatehouse rules list|add|remove|enable|disable|import|export`: manage rules in GATEHOUSE_HOME's database.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Rule, RuleInput } from '../../../common/domain.js';
import { addRules, blanketAllow, exportPermissionLists, forAgent } from '../broker/rule-bundles.js';
import { AGENTS } from '../agents/registry.js';
import type { OpenStore } from '../store/index.js';
import { printWhatIf } from './rules-blanket.js';
import { runPreset } from './rules-preset.js';
import { syncRules } from './rules-sync.js';
import { openHomeStore, runCommand, timeArg, UsageError, type CliIo } from './store-cli.js';

const USAGE = `usage:
  gatehouse rules list [--json]
  gatehouse rules add --action allow|sandbox|ask|deny PATTERN [--scope DIR] [--agent AGENT] [--note TEXT] [--expires ISO|30m|2h|7d] [--uses N]
                    [--allow-blanket] [--json]
  gatehouse rules remove|enable|disable ID        (a unique prefix of the id is enough)
  gatehouse rules import FILE [--allow-blanket]   (Claude Code settings.json "permissions", a Gemini policy .toml, or a Codex .rules file;
                                                  its allow rules apply to that agent only)
  An allow that covers every call of a tool (Bash, Bash(*), Write, mcp__server) is refused unless --allow-blanket;
  either way its what-if (what it would have allowed in the audit log) is printed.
  gatehouse rules preset [NAME] [--show]          (lists the presets; applies NAME, e.g. everyday; --show prints its rules only)
  gatehouse rules sync <claude-code|gemini|codex> [--user|--project DIR] [--dry-run] [--remove]
                                                  (writes the rules that carry over as the agent's native policy)
  gatehouse rules export                          (prints {"permissions": {"allow": [...], "ask": [...], "deny": [...]}})
`;

/** One rule as a table row: id, action, pattern and what limits it. */
function describeRule(r: Rule, now: Date): string {
  const limits = [
    r.scope === null ? 'everywhere' : `in ${r.scope}`,
    r.agent ? `${r.agent} only` : null,
    r.enabled ? null : 'DISABLED',
    r.expires_at === null ? null : Date.parse(r.expires_at) <= now.getTime() ? `expired ${r.expires_at}` : `until ${r.expires_at}`,
    r.uses_left === null ? null : r.uses_left === 0 ? 'used up' : `${r.uses_left} uses left`,
    `${r.hit_count} hits`,
    r.last_used_at === null ? null : `last used ${r.last_used_at}`,
    r.note === null ? null : `note: ${r.note}`,
  ].filter((x) => x !== null);
  return `${r.id}  ${r.action.padEnd(5)}  ${r.pattern}  (${limits.join(', ')})`;
}

/** Finds a rule by full id or unique prefix. */
function ruleId(store: OpenStore, given: string | undefined): string {
  if (given === undefined || given === '') throw new UsageError('missing rule ID (see gatehouse rules list)');
  const wanted = given.toUpperCase();
  const matches = store.listRules().filter((r) => r.id === given || r.id.startsWith(wanted));
  if (matches.length === 1) return matches[0]!.id;
  throw new Error(matches.length === 0 ? `no rule with id ${given}` : `${given} matches ${matches.length} rules; give more of the id`);
}

function single(positionals: string[], what: string): string | undefined {
  if (positionals.length > 1) throw new UsageError(`expected one ${what}, got ${positionals.length} (quote a pattern that contains spaces)`);
  return positionals[0];
}

async function add(io: CliIo, store: OpenStore, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      action: { type: 'string' }, scope: { type: 'string' }, note: { type: 'string' }, expires: { type: 'string' }, uses: { type: 'string' },
      agent: { type: 'string' }, 'allow-blanket': { type: 'boolean' }, json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const pattern = single(positionals, 'PATTERN');
  if (values.action === undefined || pattern === undefined) throw new UsageError('add needs --action allow|sandbox|ask|deny and a PATTERN');
  const input: RuleInput = { action: values.action as RuleInput['action'], pattern };
  if (values.scope !== undefined) input.scope = resolve(values.scope);
  if (values.agent !== undefined) input.agent = values.agent;
  if (values.note !== undefined) input.note = values.note;
  if (values.expires !== undefined) input.expires_at = timeArg(values.expires, 1, '--expires');
  if (values.uses !== undefined) {
    input.uses_left = Number(values.uses);
    if (!Number.isInteger(input.uses_left) || input.uses_left < 1) throw new UsageError(`--uses must be a whole number from 1, got ${JSON.stringify(values.uses)}`);
  }
  const blanket = blanketAllow(input);
  if (blanket !== null) {
    // The what-if goes to stderr with --json, so stdout stays one JSON document.
    await printWhatIf(values.json ? { ...io, stdout: io.stderr } : io, store, [input]);
    if (!values['allow-blanket']) throw new Error(`refused: ${blanket}; it allows every such call without asking. Add a narrower rule, or pass --allow-blanket to add it anyway`);
  }
  const rule = store.createRule(input);
  io.stdout(values.json ? `${JSON.stringify(rule)}\n` : `added ${describeRule(rule, new Date())}\n`);
  return 0;
}

async function importFile(io: CliIo, store: OpenStore, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { 'allow-blanket': { type: 'boolean' } }, allowPositionals: true });
  const file = single(positionals, 'FILE');
  if (file === undefined) throw new UsageError('import needs the path of a native policy file (Claude Code settings.json, Gemini .toml, Codex .rules)');
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  const agent = AGENTS.find((a) => a.nativePolicy.recognises(file, text));
  if (!agent) throw new UsageError(`${file}: not a Claude Code settings.json with permissions, a Gemini policy .toml or a Codex .rules file`);
  const parsed = agent.nativePolicy.parse(text);
  const entries = forAgent(parsed.entries, agent.kind);
  const blanket = entries.filter((e) => blanketAllow(e) !== null);
  await printWhatIf(io, store, blanket.map((e) => ({ ...e, source: 'import' as const })));
  const refused = values['allow-blanket'] ? [] : blanket.map((e) => ({ entry: `${e.action} ${e.pattern}`, why: `refused: ${blanketAllow(e)}; pass --allow-blanket to import it` }));
  const report = addRules(store, values['allow-blanket'] ? entries : entries.filter((e) => !blanket.includes(e)), 'import');
  const skipped = [...parsed.skipped, ...refused, ...report.skipped];
  for (const r of report.imported) io.stdout(`imported ${describeRule(r, new Date())}\n`);
  for (const s of skipped) io.stdout(`skipped ${s.entry}: ${s.why}\n`);
  io.stdout(`${report.imported.length} imported, ${skipped.length} skipped\n`);
  return refused.length > 0 ? 1 : 0;
}

/** Entry point of `gatehouse rules …` (argv after "rules"); returns the exit code. */
export function runRules(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  return runCommand(io, 'rules', USAGE, async () => {
    if (!['list', 'add', 'remove', 'enable', 'disable', 'import', 'export', 'sync', 'preset'].includes(sub ?? '')) {
      throw new UsageError(sub === undefined ? 'missing subcommand' : `unknown subcommand ${JSON.stringify(sub)}`);
    }
    const store = openHomeStore(io.env, false);
    try {
      switch (sub) {
        case 'list': {
          const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean' } } });
          const rules = store.listRules();
          if (values.json) io.stdout(`${JSON.stringify(rules)}\n`);
          else io.stdout(rules.length === 0 ? 'no rules\n' : rules.map((r) => `${describeRule(r, new Date())}\n`).join(''));
          return 0;
        }
        case 'add':
          return await add(io, store, rest);
        case 'import':
          return await importFile(io, store, rest);
        case 'sync':
          return syncRules(io, store.listRules(), rest);
        case 'preset':
          return runPreset(io, store, rest);
        case 'export':
          parseArgs({ args: rest, options: {} });
          io.stdout(`${JSON.stringify({ permissions: exportPermissionLists(store.listRules(), new Date()) }, null, 2)}\n`);
          return 0;
        default: {
          const id = ruleId(store, single(parseArgs({ args: rest, options: {}, allowPositionals: true }).positionals, 'ID'));
          if (sub === 'remove') store.deleteRule(id);
          else store.updateRule(id, { enabled: sub === 'enable' });
          io.stdout(`${sub === 'remove' ? 'removed' : `${sub}d`} rule ${id}\n`);
          return 0;
        }
      }
    } finally {
      store.close();
    }
  });
}
