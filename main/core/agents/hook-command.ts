// The hook command an install writes, and reading one back (for `doctor` and `status`).
//
// What an installed hook command does when Gatehouse's program cannot even start: the clone moved or deleted, node
// upgraded away, `bin/gatehouse.js` gone. bin/gatehouse.js refuses by itself for everything after node has loaded it
// (no dist/, an exception); this covers what comes before. Chosen over a copy of the hook kept in GATEHOUSE_HOME:
// a copy still needs node, and silently drifts from the program that answers it. Every agent with an exit-2 refusal
// runs hook commands through bash (Gemini CLI 0.61: `bash -c`; Codex 0.169: bash, whatever $SHELL says; both seen
// with the real agents), so a POSIX `||` tail turns any other failure into exit 2 with a reason on stderr — the
// only failure these agents read as a deny (exit 2 with an empty stderr, Codex runs the call). Claude Code needs no
// tail: any failure but exit 2 already sends it to its own prompt.
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { HookAgent } from './hook-agent.js';
import { hookAgent } from './hook-registry.js';
import { gatehouseBin } from './installer.js';

/** The native hook client built beside a Gatehouse's bin/gatehouse.js (scripts/build-native.mjs). */
export function nativeHookOf(bin: string): string {
  return join(dirname(dirname(bin)), 'dist', 'native', NATIVE_HOOK_NAME);
}

/** The native hook client's file name: how an installed command is known to start with it. */
const NATIVE_HOOK_NAME = 'gatehouse-hook';

/** A path as one shell word (the agents run hook commands through a shell). */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_\/.,:@%+=-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/**
 * The hook command for an agent: this node (or `node`, a Node.js binary) and this Gatehouse, so it works without `npm
 * link`; `--home` when Gatehouse's home is not the default one, so the hook finds the instance serving it whatever
 * the agent's environment holds; the fail-closed tail for agents whose refusal is exit 2.
 */
export function hookCommand(cli: string, opts: { node?: string; home?: string; platform?: NodeJS.Platform; native?: boolean } = {}): string {
  const bin = gatehouseBin();
  // Windows agents run hooks with PowerShell, which reads the tail otherwise: there only bin/gatehouse.js refuses.
  const posix = (opts.platform ?? process.platform) !== 'win32';
  const native = nativeHookOf(bin);
  // The native client in front when it is built (native/hook): it starts in a millisecond, and runs the Node hook
  // command behind it for everything it cannot do itself.
  const front = posix && (opts.native ?? existsSync(native)) ? `${shellWord(native)} ` : '';
  const run = `${front}${shellWord(opts.node ?? process.execPath)} ${shellWord(bin)} hook ${cli}${opts.home ? ` --home ${shellWord(opts.home)}` : ''}`;
  const agent = hookAgent(cli);
  return posix && agent?.silentExit === 2 ? `${run} ${failClosedTail(bin, agent)}` : run;
}

/**
 * The `|| …` tail of a hook command for an agent whose refusal is exit 2; keeps the program's own exit 2 and reason.
 * For an agent that reads a refusal's reason only on stdout (Copilot CLI), the reason is its fallback there too.
 */
export function failClosedTail(bin: string, agent?: HookAgent): string {
  const why = `gatehouse hook: no decision — Gatehouse's hook program did not run (moved, deleted, or its node is gone: ${bin}); denied until it runs again or \`gatehouse install\` is run from where it now is`;
  const say = `echo ${shellWord(why)} >&2`;
  if (!agent?.stdoutRefusal) return `${TAIL_START} ${say}; exit 2; }`;
  return `${TAIL_START} { printf '%s\\n' ${shellWord(agent.fallback('', why).trimEnd())}; ${say}; }; exit 2; }`;
}

/** How every fail-closed tail starts: the program's own exit 2 (its refusal, with its reason) passes through. */
const TAIL_START = '|| { [ $? = 2 ] ||';

/**
 * Whether an installed command fails open when its program is missing: one for an agent whose refusal is exit 2,
 * written without the tail (by a Gatehouse before it had one). Install keeps an existing hook as it is, so the fix is
 * uninstall, then install.
 */
export function failsOpen(command: string, platform: NodeJS.Platform = process.platform): boolean {
  const p = hookProgram(command);
  return platform !== 'win32' && p !== null && hookAgent(p.cli)?.silentExit === 2 && !command.includes(TAIL_START);
}

/** The parts of an installed hook command: its native client, node, program (bin/gatehouse.js) and --home, as words. */
export interface HookProgram {
  /** The native hook client in front of the Node hook command, when there is one. */
  native?: string;
  node: string;
  /** The agent (`hook <cli>`). */
  cli: string;
  bin: string;
  home: string | null;
}

/** The words of a command as a POSIX shell reads the plain and single-quoted words shellWord writes, up to `||`. */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return [];
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (word === null && (c === '|' || c === '&' || c === ';')) {
      return words;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The parts of a `[NATIVE] NODE BIN hook CLI [--home DIR]` command; null for any other shape. */
export function hookProgram(command: string): HookProgram | null {
  const all = commandWords(command);
  const native = basename(all[0] ?? '') === NATIVE_HOOK_NAME && all[3] === 'hook' ? all[0]! : undefined;
  const w = native === undefined ? all : all.slice(1);
  if (w[2] !== 'hook') return null;
  const home = w[4] === '--home' && w[5] ? w[5] : null;
  return { ...(native === undefined ? {} : { native }), node: w[0]!, bin: w[1]!, cli: w[3] ?? '', home };
}

/**
 * Why an installed hook command cannot run Gatehouse's hook (its native client, node, bin/gatehouse.js or dist/hook.cjs is gone),
 * or null. Such a hook refuses every call (or, for Claude Code, leaves each to its own prompt) until it is fixed.
 */
export function programProblem(command: string): string | null {
  const p = hookProgram(command);
  if (!p) return null;
  if (p.native !== undefined && isAbsolute(p.native) && !existsSync(p.native)) return `its native hook ${p.native} is gone (cleaned, or built without a C compiler: run \`npm run build\`, or install again)`;
  if (isAbsolute(p.node) && !existsSync(p.node)) return `its node ${p.node} is gone (a Node.js upgrade?)`;
  if (!isAbsolute(p.bin)) return null;
  if (!existsSync(p.bin)) return `its program ${p.bin} is gone (the clone moved or was deleted?)`;
  const hook = join(dirname(dirname(p.bin)), 'dist', 'hook.cjs');
  if (!existsSync(hook)) return `${hook} is missing (not built, or cleaned)`;
  return null;
}
