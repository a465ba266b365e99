// Codex and Gemini send commands as argv arrays; analysis needs the shell text they amount to.
import { SHELLS } from '../unwrap/wrapper-specs.js';
import { programName } from './program.js';

/** Quotes one word so bash reads it back unchanged. */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command text an argv runs: `["bash","-lc",SCRIPT]` (any shell, `-c` in any flag cluster) is SCRIPT itself;
 * any other argv is quoted word by word, so `["rm","-rf","a b"]` stays three words.
 */
export function commandFromArgv(argv: readonly string[]): string {
  const [program, flags, script, ...rest] = argv;
  if (program !== undefined && SHELLS.has(programName(program)) && flags !== undefined && /^-[a-z]*c[a-z]*$/.test(flags) && script !== undefined && rest.length === 0) {
    return script;
  }
  return argv.map(shellQuote).join(' ');
}
