// Programs that read secrets no word of the command names: `.env` loaders, and file servers that hand out a folder.
import { commandProgram, runnerReadings } from '../unwrap/package-runners.js';

const DOTENV = new Set(['dotenv', 'dotenv-cli', 'dotenvx', 'env-cmd', 'dotenv-flow']);
// Process managers that load `.env` into what they run (Procfile runners).
const PROCFILE = new Set(['honcho', 'foreman', 'overmind', 'hivemind', 'forego']);
// bun loads `.env`, `.env.local` and `.env.$NODE_ENV` before running anything; not for its package-manager subcommands.
const BUN_QUIET = new Set(['install', 'i', 'add', 'a', 'remove', 'rm', 'pm', 'upgrade', 'init', 'create', 'c', 'link', 'unlink', 'outdated', 'patch', 'update', 'help', 'completions', 'publish']);
const BUN_FILES = ['.env', '.env.local', '.env.development', '.env.production', '.env.test', '.env.development.local', '.env.production.local', '.env.test.local'];
const PYTHON = /^python(\d+(\.\d+)?)?$/;

/** The first word after the program that is not an option. */
function firstWord(argv: readonly string[]): string | undefined {
  return argv.slice(1).find((w) => !w.startsWith('-'));
}

/**
 * The environment files a program loads though no word names them, relative to where it runs: `dotenv -- cmd`,
 * `python -m dotenv run`, `pipenv run`, `honcho run`, `bun x.ts`, `deno run --env`, `docker compose config`.
 * Threat: `dotenv -- printenv`, `bun -e 'console.log(process.env)'` print .env under a rule for the program.
 */
export function implicitEnvFiles(argv: readonly string[]): string[] {
  const prog = argv[0] ?? '';
  if (DOTENV.has(prog)) return ['.env'];
  if (PYTHON.test(prog)) {
    const m = argv.findIndex((w) => /^-[a-zA-Z]*m$/.test(w));
    return m > 0 && /^dotenv(\.|$)/.test(argv[m + 1] ?? '') ? ['.env'] : [];
  }
  const sub = firstWord(argv);
  if (prog === 'pipenv') return sub === 'run' || sub === 'shell' ? ['.env'] : [];
  if (PROCFILE.has(prog) || (prog === 'heroku' && sub === 'local')) return sub === undefined || /^(run|start|local|s|r)$/.test(sub) ? ['.env'] : [];
  if (prog === 'bun' || prog === 'bunx') return sub !== undefined && BUN_QUIET.has(sub) ? [] : BUN_FILES;
  if (prog === 'deno') return argv.some((w) => w === '--env' || w === '--env-file') ? ['.env'] : [];
  const compose = prog === 'docker-compose' ? argv.slice(1) : prog === 'docker' && sub === 'compose' ? argv.slice(argv.indexOf('compose') + 1) : null;
  if (compose !== null) return compose.some((w) => w === 'config' || w === 'convert') ? ['.env'] : [];
  // `npx dotenv-cli -- printenv`: what the runner runs.
  for (const r of runnerReadings(argv)) {
    if (r.command.length > 0) {
      const inner = implicitEnvFiles([commandProgram(r.command[0]!), ...r.command.slice(1)]);
      if (inner.length > 0) return inner;
    }
  }
  return [];
}

// Static file servers run by name (their folder operand, else where they run).
const SERVERS = new Set(['serve', 'http-server', 'live-server', 'httpserver', 'static-server', 'lite-server', 'servor', 'sirv', 'five-server', 'browser-sync']);

/** The value of `-x V`, `--long V` or `--long=V` among `names`, or undefined. */
function optionValue(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    const eq = w.indexOf('=');
    if (eq > 0 && names.includes(w.slice(0, eq))) return w.slice(eq + 1);
    if (names.includes(w)) return argv[i + 1];
  }
  return undefined;
}

/**
 * The folder a command serves over HTTP to anyone who asks (`python3 -m http.server`, `php -S`, `npx serve`, `ruby -run -e
 * httpd`), or null: every file in it can be fetched, so serving it reads the whole tree.
 * Threat: `python3 -m http.server & curl localhost:8000/.env`.
 */
export function servedFolder(argv: readonly string[]): string | null {
  const prog = argv[0] ?? '';
  if (PYTHON.test(prog)) {
    const m = argv.findIndex((w) => /^-[a-zA-Z]*m$/.test(w));
    if (m < 0 || !/^(http\.server|SimpleHTTPServer|uploadserver|RangeHTTPServer)$/.test(argv[m + 1] ?? '')) return null;
    return optionValue(argv, ['-d', '--directory']) ?? '.';
  }
  if (prog === 'php') return argv.includes('-S') ? optionValue(argv, ['-t']) ?? '.' : null;
  if (/^ruby/.test(prog)) return argv.includes('-run') && argv.some((w) => /httpd/.test(w)) ? argv.slice(argv.findIndex((w) => /httpd/.test(w)) + 1).find((w) => !w.startsWith('-')) ?? '.' : null;
  if (prog === 'caddy') return argv[1] === 'file-server' ? optionValue(argv, ['--root', '-r']) ?? '.' : null;
  if (prog === 'busybox' && argv[1] === 'httpd') return optionValue(argv, ['-h']) ?? '.';
  if (SERVERS.has(prog)) return argv.slice(1).find((w) => !w.startsWith('-') && !/^\d+$/.test(w)) ?? '.';
  for (const r of runnerReadings(argv)) {
    if (r.command.length > 0) {
      const inner = servedFolder([commandProgram(r.command[0]!), ...r.command.slice(1)]);
      if (inner !== null) return inner;
    }
  }
  return null;
}
