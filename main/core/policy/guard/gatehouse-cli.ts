// Gatehouse's own programs as a tool: changing its rules, settings or data through them is guard tampering.
import { commandProgram, runnerReadings } from '../../shell/index.js';
import type { SimpleCommand } from '../../shell/types.js';

/** `gatehouse` as a program word: the bin on PATH, `bin/gatehouse.js` run by node, or through a package runner. */
const GATEHOUSE_PROGRAM = /(^|\/)gatehouse(\.js|\.cmd|\.mjs)?$/i;
/** Scripts node runs to reach the CLI without its bin: the built dispatcher (`dist/main/core/cli/main.js`) or its source. */
const CLI_SCRIPT = /(^|\/)core\/cli\/[\w-]+\.[cm]?[jt]s$/;
/** A program word only known at run time that looks Gatehouse up (`$(which gatehouse)`, `` `command -v gatehouse` ``). */
const LOOKED_UP = /[$`].*gatehouse/i;
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
  status: true,
  doctor: true,
  rules: ['list', 'export'],
  audit: ['query', 'verify', 'export'],
};

/**
 * Whether a runner's or node's target word runs the Gatehouse CLI (`gatehouse@1`, `bin/gatehouse.js`, or `.` when the
 * runner runs a package: `npx .` in Gatehouse's own checkout).
 */
function runsCli(target: string, byNode: boolean, runsPackage: boolean): boolean {
  const word = commandProgram(target);
  return GATEHOUSE_PROGRAM.test(word) || LOOKED_UP.test(word) || (runsPackage && word === '.') || (byNode && CLI_SCRIPT.test(word));
}

/** The words after the Gatehouse program (its subcommand first), or null when `argv` does not run Gatehouse. */
export function gatehouseArgs(argv: readonly string[]): string[] | null {
  // Asked of every command: the words are copied only for a command that may run Gatehouse.
  const prog = argv[0] ?? '';
  if (GATEHOUSE_PROGRAM.test(prog) || LOOKED_UP.test(prog)) return argv.slice(1);
  // `npx gatehouse …`, `npm exec --registry R -- gatehouse …`, `npx -c 'gatehouse rules add …'`.
  const run = runnerReadings(argv).find((r) => runsCli(r.command[0] ?? '', false, r.fetches));
  if (run !== undefined) return run.command.slice(1);
  // `yarn gatehouse …`, `pnpm gatehouse …` run a package's bin by its name.
  if ((prog === 'yarn' || prog === 'pnpm') && GATEHOUSE_PROGRAM.test(argv[1] ?? '')) return argv.slice(2);
  if (!NODES.test(prog)) return null;
  const rest = argv.slice(1);
  let i = 0;
  while (i < rest.length && rest[i]!.startsWith('-')) i += /^(-r|--require|--import|--loader)$/.test(rest[i]!) ? 2 : 1;
  return runsCli(rest[i] ?? '', true, true) ? rest.slice(i + 1) : null;
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

/** Whether a word is only known at run time and looks Gatehouse up (`$(which gatehouse)`, `$(npm root -g)/gatehouse/…`). */
export function looksUpGatehouse(word: string): boolean {
  return LOOKED_UP.test(word);
}

const GLOBAL = /^(-g|--global|--location=global|-[a-zA-Z]*g[a-zA-Z]*)$/;
const INSTALLERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
// Updating a global package installs its newest release in place: `npm update -g` (every one) or `npm up -g gatehouse`.
const INSTALL = /^(install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add|link|ln|update|up|upgrade|udpate)$/;
/** A package spec from the registry by plain name (`typescript`, `@scope/x@^2`): it cannot claim another package's bin. */
const REGISTRY_NAME = /^(@[\w.-]+\/)?[\w.-]+(@[\w.^~<>=*|-]+)?$/;

/**
 * Why a package-manager command may put another program in place of the `gatehouse` bin on PATH, or null.
 * A global install or link of a local folder, tarball or git URL (whose package.json may be named gatehouse), of a package
 * named gatehouse, or forced over others' bins replaces the hook program itself.
 * Threat: `npm link` in a folder whose package.json says `"name": "gatehouse"`, `npm i -g ./evil`, `npm i -g gatehouse@0.0.1`.
 */
export function replacesGatehouse(argv: readonly string[]): string | null {
  // Only package managers install bins: any other command is done without reading its words.
  if (!INSTALLERS.has(argv[0] ?? '')) return null;
  const [prog = '', ...args] = argv;
  const words = prog === 'yarn' && args[0] === 'global' ? args.slice(1) : args;
  const global = prog === 'yarn' ? args[0] === 'global' : words.some((w) => GLOBAL.test(w));
  const verb = words.find((w) => !w.startsWith('-')) ?? '';
  if (!INSTALL.test(verb)) return null;
  const specs = words.slice(words.indexOf(verb) + 1).filter((w) => !w.startsWith('-'));
  const link = verb === 'link' || verb === 'ln';
  // `npm link` alone (or of a folder) links the current package's bins globally; `npm link name` only links into ./node_modules.
  if (link && (specs.length === 0 || specs.some((s) => /^[./~]/.test(s)))) return `${prog} link puts this folder's package bins on PATH, where a bin named gatehouse replaces the hook program`;
  if (!global || link) return null;
  const forced = words.some((w) => w === '--force' || w === '-f');
  const foreign = specs.length === 0 || specs.some((s) => /gatehouse/i.test(s) || !REGISTRY_NAME.test(s));
  return forced || foreign ? `${prog} installs a package globally whose bins may replace the gatehouse hook program` : null;
}
