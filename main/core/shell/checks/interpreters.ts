// Interpreters given code inline or on stdin, and package runners: code no rule about the interpreter can vouch for.
import { flag } from '../findings.js';
import { wordSpan, type CheckInput } from './context.js';
import { checkEmbedded } from './embedded.js';
import { runnerReadings } from '../unwrap/package-runners.js';
import { isStdinPath } from '../paths.js';

interface Interpreter {
  /** Short flags (in a cluster) whose value is program text. */
  inline: string;
  /** Long options whose value is program text. */
  inlineLong: readonly string[];
  /** Short flags that take a separate value that is not code (so the next word is not the script). */
  valued: string;
  /** Short flag that edits files in place. */
  inPlace?: string;
}

const PY: Interpreter = { inline: 'c', inlineLong: [], valued: 'mWX' };
const FAMILIES: Array<[RegExp, Interpreter]> = [
  [/^(python|pypy)[0-9.]*$/, PY],
  [/^(node|nodejs|bun)$/, { inline: 'ep', inlineLong: ['--eval', '--print'], valued: 'r' }],
  [/^perl[0-9.]*$/, { inline: 'eE', inlineLong: [], valued: 'IMmx', inPlace: 'i' }],
  [/^(ruby|jruby)$/, { inline: 'e', inlineLong: [], valued: 'Ir', inPlace: 'i' }],
  [/^php[0-9.]*$/, { inline: 'rBRFE', inlineLong: [], valued: 'cdz' }],
  [/^(lua|luajit)[0-9.]*$/, { inline: 'e', inlineLong: [], valued: 'l' }],
  [/^(Rscript|osascript|groovy|jshell)$/, { inline: 'e', inlineLong: ['--expr'], valued: '' }],
  [/^(pwsh|powershell)(\.exe)?$/, { inline: 'cCeE', inlineLong: ['-Command', '-EncodedCommand', '-c'], valued: '' }],
  [/^(tclsh|wish|expect)$/, { inline: 'c', inlineLong: [], valued: '' }],
  [/^julia$/, { inline: 'eE', inlineLong: ['--eval', '--print'], valued: 'LJtpCH' }],
];


/** The interpreter family of a program name, if it is one. */
function interpreterOf(name: string): Interpreter | null {
  for (const [re, spec] of FAMILIES) if (re.test(name)) return spec;
  return null;
}

/** Whether `name` is an interpreter whose words this module reads (its inline code, its script, the script's arguments). */
export function isInterpreter(name: string): boolean {
  return interpreterOf(name) !== null;
}

// Python modules that read stdin as data, not as program text (`curl … | python3 -m json.tool`); any other module may
// run what it reads (`python -m code`), so it counts as reading a program.
const PY_DATA_MODULES = new Set(['json.tool']);

/** True when a shell or interpreter argv names no script, so it runs program text arriving on stdin. */
export function readsProgramFromStdin(argv: readonly string[]): boolean {
  const spec = interpreterOf(argv[0] ?? '');
  if (spec === null) return false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '-' || isStdinPath(w)) return true;
    if (!w.startsWith('-')) return false;
    if (spec === PY && w === '-m') return !PY_DATA_MODULES.has(argv[i + 1] ?? '');
    if (spec.inlineLong.some((l) => w === l || w.startsWith(`${l}=`)) || (!w.startsWith('--') && [...w.slice(1)].some((ch) => spec.inline.includes(ch)))) return false;
    if (!w.startsWith('--') && spec.valued.includes(w[w.length - 1]!) && w.length === 2) i++;
  }
  return true;
}

/**
 * Flags inline code (`python -c`, `node -e`, `perl -e`), code read from a pipe or heredoc, in-place edits, and package runners.
 * Threat: `python3 -c "import os; os.remove(…)"` or `curl … | python3` under an allow rule for the interpreter.
 */
export function checkInterpreter(c: CheckInput): void {
  const argv = c.cmd.argv;
  const name = argv[0]!;
  const spec = interpreterOf(name);
  if (spec !== null) {
    let script = false;
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i]!;
      if (w === '-' || !w.startsWith('-')) {
        script = w !== '-' && !isStdinPath(w);
        break;
      }
      // `perl -MFile::Path`, `ruby -rfileutils`: a value attached to a valued flag is not a cluster of flags.
      if (!w.startsWith('--') && w.length > 2 && spec.valued.includes(w[1]!)) continue;
      if (spec.inlineLong.some((l) => w === l || w.startsWith(`${l}=`)) || (!w.startsWith('--') && [...w.slice(1)].some((ch) => spec.inline.includes(ch)))) {
        flag(c.f, 'code-execution', `${name} ${w} runs program text given on the command line`, wordSpan(c, i));
        const attached = w.includes('=') ? w.slice(w.indexOf('=') + 1) : !w.startsWith('--') && w.length > 2 && spec.inline.includes(w[1]!) ? w.slice(2) : '';
        checkEmbedded(c, attached || (argv[i + 1] ?? ''), name);
        return;
      }
      if (spec.inPlace && !w.startsWith('--') && w.slice(1).includes(spec.inPlace)) flag(c.f, 'writes-file', `${name} ${w} edits files in place`, wordSpan(c, i));
      if (!w.startsWith('--') && spec.valued.includes(w[w.length - 1]!) && w.length === 2) i++;
    }
    if (!script && readsProgramFromStdin(argv) && (c.stdin === 'pipe' || c.stdin === 'heredoc')) {
      flag(c.f, 'code-execution', `${name} runs program text read from ${c.stdin === 'pipe' ? 'a pipe' : 'a heredoc'}`, c.cmd.span);
      // `python3 - <<'EOF' … shutil.rmtree('/') … EOF`: the heredoc is the program, checked like `-c` text.
      if (c.stdinText !== undefined) checkEmbedded(c, c.stdinText, name);
    }
    return;
  }
  const evaluates = name === 'deno' && argv[1] === 'eval';
  const runner = runnerReadings(argv)[0]?.runner ?? (evaluates ? 'deno eval' : undefined);
  if (runner !== undefined) flag(c.f, 'code-execution', `${runner} downloads or runs a package's code`, c.cmd.span, 'risk');
  // `deno eval "Deno.remove('/', {recursive: true})"`: its code is checked as `node -e` code is.
  const code = evaluates ? argv.slice(2).find((w) => !w.startsWith('-')) : undefined;
  if (code !== undefined) checkEmbedded(c, code, name);
}
