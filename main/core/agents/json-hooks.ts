// Adding and removing one Gatehouse hook in a Claude-style `hooks` block ({hooks: {Event: [{matcher?, hooks: [..]}]}}),
// the shape Claude Code, Gemini CLI and Codex share, keeping the person's comments, other settings and formatting.
import { applyEdits, modify, parse, printParseErrorCode, type FormattingOptions, type ParseError } from 'jsonc-parser';
import { ConfigError } from './config-file.js';
import { isPlainObject } from './hook-agent.js';

/** The group Gatehouse adds under one event. */
export interface HookGroup {
  matcher?: string;
  hooks: Array<Record<string, unknown>>;
}

/** Parses JSON with comments, or throws a ConfigError with the line. */
export function parseSettings(text: string, path: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first) throw new ConfigError(`${path} does not parse (${printParseErrorCode(first.error)} at line ${text.slice(0, first.offset).split('\n').length}); nothing was written`);
  if (!isPlainObject(value)) throw new ConfigError(`${path} does not hold a JSON object; nothing was written`);
  return value;
}

/** The file's own indentation, so added lines look like the person's. */
export function formatting(text: string): FormattingOptions {
  const m = /\n([ \t]+)"/.exec(text);
  const indent = m?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** Whether a hook entry is Gatehouse's (its command, or its http URL, names the hook). */
export type IsOurs = (hook: Record<string, unknown>) => boolean;

/** Indices [group, hook] of Gatehouse's entries under `event`. */
export function findOurs(settings: Record<string, unknown>, event: string, isOurs: IsOurs): Array<[number, number]> {
  const hooks = settings['hooks'];
  const groups = isPlainObject(hooks) ? hooks[event] : undefined;
  if (!Array.isArray(groups)) return [];
  const found: Array<[number, number]> = [];
  groups.forEach((g, gi) => {
    const list = isPlainObject(g) ? g['hooks'] : undefined;
    if (Array.isArray(list)) list.forEach((h, hi) => isPlainObject(h) && isOurs(h) && found.push([gi, hi]));
  });
  return found;
}

/** The text with Gatehouse's group appended under `event` (unchanged when one is already there); index of the group. */
export function addHook(text: string, path: string, event: string, group: HookGroup, isOurs: IsOurs): { text: string; group: number } {
  const settings = parseSettings(text, path);
  const existing = findOurs(settings, event, isOurs)[0];
  if (existing) return { text, group: existing[0] };
  const hooks = settings['hooks'];
  if (hooks !== undefined && !isPlainObject(hooks)) throw new ConfigError(`${path}: "hooks" is not an object; nothing was written`);
  const current = isPlainObject(hooks) ? hooks[event] : undefined;
  if (current !== undefined && !Array.isArray(current)) throw new ConfigError(`${path}: "hooks.${event}" is not a list; nothing was written`);
  const index = Array.isArray(current) ? current.length : 0;
  const base = text.trim() === '' ? '{}\n' : text;
  const edits = modify(base, ['hooks', event, index], group, { formattingOptions: formatting(base), isArrayInsertion: true });
  return { text: applyEdits(base, edits), group: index };
}

/** The text without Gatehouse's entries under `event`, dropping groups, events and `hooks` that only held them. */
export function removeHook(text: string, path: string, event: string, isOurs: IsOurs): string {
  let out = text;
  for (;;) {
    const settings = parseSettings(out, path);
    const ours = findOurs(settings, event, isOurs).pop();
    if (!ours) return out;
    const [gi, hi] = ours;
    const groups = (settings['hooks'] as Record<string, unknown[]>)[event]!;
    const hookCount = ((groups[gi] as Record<string, unknown>)['hooks'] as unknown[]).length;
    const eventCount = Object.keys(settings['hooks'] as object).length;
    const target = hookCount > 1 ? ['hooks', event, gi, 'hooks', hi] : groups.length > 1 ? ['hooks', event, gi] : eventCount > 1 ? ['hooks', event] : ['hooks'];
    out = applyEdits(out, modify(out, target, undefined, { formattingOptions: formatting(out) }));
  }
}

/** Every hook command in a settings text that `isOurs` (under any event, in any group or, Cursor's, directly); [] when it does not parse. */
export function installedCommands(text: string, isOurs: IsOurs): string[] {
  let settings: Record<string, unknown>;
  try {
    settings = parseSettings(text, '');
  } catch {
    return [];
  }
  const hooks = settings['hooks'];
  if (!isPlainObject(hooks)) return [];
  const found: string[] = [];
  for (const event of Object.keys(hooks)) {
    for (const [gi, hi] of findOurs(settings, event, isOurs)) {
      const command = ((((hooks[event] as unknown[])[gi] as Record<string, unknown>)['hooks'] as unknown[])[hi] as Record<string, unknown>)['command'];
      if (typeof command === 'string') found.push(command);
    }
    // Cursor's hooks.json lists entries directly under the event, not in groups.
    const list = hooks[event];
    if (Array.isArray(list)) for (const h of list) if (isPlainObject(h) && typeof h['command'] === 'string' && isOurs(h)) found.push(h['command']);
  }
  return found;
}
