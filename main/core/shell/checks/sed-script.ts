// Reads a sed script far enough to find its commands that run programs (`e`) or touch files (`w`, `W`, `r`, `R`).

/** A sed command with a side effect. `unparsed` means the script could not be read with confidence. */
export interface SedEffect {
  kind: 'exec' | 'write' | 'read' | 'unparsed';
  command: string;
  arg: string;
}

const SIMPLE = new Set([...'=dDgGhHnNpPxzF}']);

class Reader {
  i = 0;
  constructor(readonly s: string) {}
  get c(): string | undefined {
    return this.s[this.i];
  }
  skip(re: RegExp): void {
    while (this.c !== undefined && re.test(this.c)) this.i++;
  }
  /** Up to (not including) an unescaped delimiter; consumes the delimiter. Null when it never comes. */
  until(delim: string): string | null {
    let out = '';
    for (; this.i < this.s.length; this.i++) {
      const ch = this.s[this.i]!;
      if (ch === '\\') {
        out += ch + (this.s[++this.i] ?? '');
        continue;
      }
      if (ch === delim) {
        this.i++;
        return out;
      }
      out += ch;
    }
    return null;
  }
  restOfLine(): string {
    const nl = this.s.indexOf('\n', this.i);
    const end = nl < 0 ? this.s.length : nl;
    const text = this.s.slice(this.i, end);
    this.i = end;
    return text.trim();
  }
  /** A label or number argument, ended by `;`, `}` or a newline. */
  word(): string {
    this.skip(/[ \t]/);
    const start = this.i;
    while (this.c !== undefined && !/[;}\n]/.test(this.c)) this.i++;
    return this.s.slice(start, this.i).trim();
  }
}

function address(r: Reader): boolean {
  const c = r.c;
  if (c === undefined) return true;
  if (/[0-9]/.test(c)) r.skip(/[0-9~]/);
  else if (c === '$') r.i++;
  else if (c === '/' || c === '\\') {
    if (c === '\\') r.i++;
    const delim = r.c;
    r.i++;
    if (delim === undefined || r.until(delim) === null) return false;
    r.skip(/[IM]/);
  }
  return true;
}

/** Finds the commands of a sed script that execute, write or read; `--sandbox`-free GNU sed semantics. */
export function sedEffects(script: string): SedEffect[] {
  const r = new Reader(script);
  const out: SedEffect[] = [];
  const unparsed = (): SedEffect[] => [...out, { kind: 'unparsed', command: script, arg: '' }];
  for (;;) {
    r.skip(/[\s;]/);
    if (r.c === undefined) return out;
    if (r.c === '#') {
      r.restOfLine();
      continue;
    }
    if (!address(r)) return unparsed();
    if (r.c === ',') {
      r.i++;
      const step: string | undefined = r.s[r.i];
      if (step === '+' || step === '~') r.i++;
      if (!address(r)) return unparsed();
    }
    r.skip(/[ \t!]/);
    const cmd = r.c;
    r.i++;
    if (cmd === undefined) return unparsed();
    if (cmd === '{' || SIMPLE.has(cmd)) continue;
    if ('lLqQ:btTv'.includes(cmd)) r.word();
    else if ('aic'.includes(cmd)) {
      // `a\` text lines: each line ending in a backslash continues the text onto the next.
      for (let text = r.restOfLine(); text.endsWith('\\') && r.c === '\n'; text = r.restOfLine()) r.i++;
    } else if (cmd === 'e') out.push({ kind: 'exec', command: 'e', arg: r.restOfLine() });
    else if (cmd === 'w' || cmd === 'W') out.push({ kind: 'write', command: cmd, arg: r.restOfLine() });
    else if (cmd === 'r' || cmd === 'R') out.push({ kind: 'read', command: cmd, arg: r.restOfLine() });
    else if (cmd === 's' || cmd === 'y') {
      const delim = r.c;
      r.i++;
      if (delim === undefined || delim === '\n' || delim === '\\') return unparsed();
      if (r.until(delim) === null) return unparsed();
      const replacement = r.until(delim);
      if (replacement === null) return unparsed();
      if (cmd === 'y') continue;
      for (;;) {
        const flagChar = r.c;
        if (flagChar === undefined || !/[gpiImMe0-9w]/.test(flagChar)) break;
        r.i++;
        // `s/.*/CMD/e` runs the pattern space once replaced: the replacement is (at least part of) the command.
        if (flagChar === 'e') out.push({ kind: 'exec', command: 's///e', arg: replacement });
        if (flagChar === 'w') {
          out.push({ kind: 'write', command: 's///w', arg: r.restOfLine() });
          break;
        }
      }
    } else return unparsed();
  }
}
