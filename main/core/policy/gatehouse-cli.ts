// Gatehouse's own programs as a tool: changing its rules, settings or data through them is guard tampering.
import type { SimpleCommand } from '../shell/types.js';

/** `gatehouse` as a program word: the bin on PATH, `bin/gatehouse.js` run by node, or through a package runner. */
const GATEHOUSE_PROGRAM = /(^|\/)gatehouse(\.js|\.cmd|\.mjs)?$/i;
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
const RUNNER_SUBCOMMANDS: Record<string, readonly string[]> = { npm: ['exec', 'x'], pnpm: ['exec', 'dlx'], yarn: ['exec', 'dlx'], bun: ['x'] };
const NODES = /^(node|nodejs|bun|deno|tsx|ts-node)$/;

/** What each subcommand may do without changing anything (closed world: anything else changes Gatehouse). */
const READ_ONLY: Record<string, readonly string[] | true> = {
  '': true,
  hook: true,
  check: true,
  help: true,
  '--help': true,
  '-h': true,
  '--version': true,
  rules: ['list', 'export'],
  audit: ['query', 'verify', 'export'],
};

/** The words after the Gatehouse program (its subcommand first), or null when `argv` does not run Gatehouse. */
export function gatehouseArgs(argv: readonly string[]): string[] | null {
  const [prog = '', ...rest] = argv;
  if (GATEHOUSE_PROGRAM.test(prog)) return rest;
  const skipOptions = (words: string[]): string[] => {
    let i = 0;
    while (i < words.length && words[i]!.startsWith('-')) i += /^(-p|--package|-c|--call|-r|--require|--import|--loader)$/.test(words[i]!) ? 2 : 1;
    return words.slice(i);
  };
  let after: string[] | null = null;
  if (RUNNERS.has(prog)) after = skipOptions(rest);
  else if (RUNNER_SUBCOMMANDS[prog]?.includes(rest[0] ?? '')) after = skipOptions(rest.slice(1));
  // `yarn gatehouse …`, `pnpm gatehouse …` run a package's bin by its name.
  else if ((prog === 'yarn' || prog === 'pnpm') && GATEHOUSE_PROGRAM.test(rest[0] ?? '')) after = rest;
  else if (NODES.test(prog)) after = skipOptions(rest);
  if (after === null) return null;
  const target = (after[0] ?? '').replace(/@[^/]*$/, '');
  return GATEHOUSE_PROGRAM.test(target) || target === '.' ? after.slice(1) : null;
}

/**
 * Why a command changes Gatehouse's rules, settings or data through its own CLI, or null.
 * Threat: an agent in approve-all running `gatehouse rules add --action allow 'Bash'`, `npx gatehouse rules disable r1`,
 * `node ~/gatehouse/bin/gatehouse.js rules import x.json`, `gatehouse serve --home /tmp/h` (a second instance).
 */
export function gatehouseCliChange(cmd: SimpleCommand): string | null {
  const args = gatehouseArgs(cmd.argv);
  if (args === null) return null;
  const [sub = '', action = ''] = args;
  const allowed = READ_ONLY[sub];
  const home = args.some((a) => /^--home(=|$)/.test(a)) || cmd.env.some((e) => e.name === 'GATEHOUSE_HOME');
  if (allowed === true && !home) return null;
  if (Array.isArray(allowed) && allowed.includes(action) && !home) return null;
  return `gatehouse ${[sub, action].filter((w) => w !== '').join(' ')} would change Gatehouse's own rules, settings or data`;
}
