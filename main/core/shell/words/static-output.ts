// What `echo …`, `printf …` and `cat <<EOF` print when their words alone say it: the script a piped-into shell or xargs reads.
import { programName } from './program.js';
import type { Span } from '../types.js';
import type { RawCommand } from '../walk/types.js';
import { decodeAnsiC } from './words.js';

/** Text fed to a command's stdin; `dynamic` when part of it is only known at run time (kept as its source text). */
export interface FedText {
  text: string;
  dynamic: boolean;
  span: Span;
}

/** What `printf FORMAT ARGS…` prints when the format uses only `%s`, `%b` and `%%`, else null. */
export function printfText(format: string, args: string[]): string | null {
  if (/%(?![sb%])/.test(format)) return null;
  if (!/%[sb]/.test(format)) return decodeAnsiC(format.replaceAll('%%', '%'));
  let k = 0;
  let out = '';
  do out += format.replace(/%([sb%])/g, (_m, c: string) => (c === '%' ? '%' : (args[k++] ?? ''))); while (k < args.length);
  return decodeAnsiC(out);
}

/**
 * The text a pipeline stage prints, when its own words (and `fed`, the known text piped into it) fix it: `echo`,
 * `printf`, bare `cat` of a heredoc, `base64 -d` of known text; else null.
 * Threat: `echo 'rm -rf ~' | bash`, `cat <<EOF | sh`, `echo / | xargs rm -rf`, `echo cm0gLXJmIH4= | base64 -d | sh`
 * hide the real command in printed text.
 */
export function staticOutput(raw: RawCommand, fed?: FedText): FedText | null {
  const first = raw.words[0];
  if (!first || first.dynamic) return null;
  const name = programName(first.value);
  // Asked of every command: any other program prints nothing its words fix.
  const decoder = name === 'base64' || name === 'gbase64';
  if (name !== 'cat' && name !== 'echo' && name !== 'printf' && !decoder) return null;
  const args = raw.words.slice(1);
  const span = raw.span;
  const dynamic = args.some((w) => w.dynamic);
  if (name === 'cat' && args.length === 0) return raw.redirects.find((r) => r.stdin)?.stdin ?? null;
  if (decoder && args.length > 0 && args.every((w) => /^(-d|--decode|-i|--ignore-garbage|-di|-id)$/.test(w.value))) {
    const input = raw.redirects.find((r) => r.stdin)?.stdin ?? fed;
    return input === undefined || input.dynamic ? null : { text: Buffer.from(input.text, 'base64').toString('utf8'), dynamic: false, span };
  }
  if (name === 'echo') {
    let i = 0;
    let escapes = false;
    for (; i < args.length && /^-[neE]+$/.test(args[i]!.value); i++) escapes ||= args[i]!.value.includes('e');
    const text = `${args.slice(i).map((w) => w.value).join(' ')}\n`;
    return { text: escapes ? decodeAnsiC(text) : text, dynamic, span };
  }
  if (name === 'printf' && args[0] && !args[0].value.startsWith('-')) {
    const text = printfText(args[0].value, args.slice(1).map((w) => w.value));
    return text === null ? null : { text, dynamic, span };
  }
  return null;
}
