// Install and uninstall one agent's hook: compute every file's new text first (nothing is written when any file
// cannot be read, parsed or written), then write them; remember what each file was, so uninstall can put it back
// byte for byte when nothing else changed it since, and otherwise removes only what install added.
import { createTwoFilesPatch } from 'diff';
import { parse as parseToml } from 'smol-toml';
import { ConfigError, readConfig, removeConfig, writeConfig } from './config-file.js';
import { parseSettings } from './json-hooks.js';
import type { FileEdit, InstallContext } from './installer.js';
import type { AgentEntry } from './registry.js';
import { loadHomeRecord, saveHomeRecord } from '../store/home-record.js';

/** One file's change. */
export interface FileChange {
  path: string;
  before: string | null;
  /** null = the file is removed (uninstall of a file install created). */
  after: string | null;
}

/** What install left in each file, keyed by path: GATEHOUSE_HOME/agent-installs.json. */
type Records = Record<string, { before: string | null; after: string }>;

const RECORDS = 'agent-installs.json';

function loadRecords(home: string): Records {
  return loadHomeRecord<Records>(home, RECORDS) as Records;
}

/** Throws a ConfigError when the new text would not parse: never write a file the agent cannot read. */
function validate(edit: FileEdit, text: string | null): void {
  if (text === null || edit.format === 'text') return;
  try {
    if (edit.format === 'toml') parseToml(text);
    else parseSettings(text, edit.path);
  } catch (err) {
    throw new ConfigError(`the edited ${edit.path} would not parse (${(err as Error).message}); nothing was written`);
  }
}

/**
 * Which record remembers a file's text for one kind of change: the hook's by path alone, others (an MCP server's
 * wrap) by their own key, so undoing one never puts back a text from before the other.
 */
export type RecordKey = (path: string) => string;
const byPath: RecordKey = (path) => path;

/** The changes an install makes (unchanged files left out). */
export function planInstall(agent: AgentEntry, ctx: InstallContext): FileChange[] {
  return planAdd(agent.installer.edits(ctx), ctx);
}

/** The changes an uninstall makes (see planRemove). */
export function planUninstall(agent: AgentEntry, ctx: InstallContext, home: string): FileChange[] {
  return planRemove(agent.installer.edits(ctx), ctx, home);
}

/** The changes that adding `edits` makes (unchanged files left out); nothing is written. */
export function planAdd(edits: FileEdit[], ctx: InstallContext): FileChange[] {
  const changes: FileChange[] = [];
  for (const edit of edits) {
    const before = readConfig(edit.path, edit.root);
    const after = edit.add(before, ctx);
    validate(edit, after);
    if (after !== before) changes.push({ path: edit.path, before, after });
  }
  return changes;
}

/** The changes removing `edits` makes: the remembered original when the file is as adding left it, else a surgical removal. */
export function planRemove(edits: FileEdit[], ctx: InstallContext, home: string, key: RecordKey = byPath): FileChange[] {
  const records = loadRecords(home);
  const changes: FileChange[] = [];
  for (const edit of edits) {
    const before = readConfig(edit.path, edit.root);
    if (before === null) continue;
    const record = records[key(edit.path)];
    let after: string | null;
    if (record && record.after === before) after = record.before;
    else {
      after = edit.remove(before, ctx);
      validate(edit, after);
    }
    if (after !== before) changes.push({ path: edit.path, before, after });
  }
  return changes;
}

/**
 * Writes the changes and updates the records (install: remember the text before — before the first install, when this
 * one changes what an earlier one left, as adding `--sandbox` to a proxied MCP server does; uninstall: forget).
 */
export function applyChanges(changes: FileChange[], home: string, mode: 'install' | 'uninstall', key: RecordKey = byPath): void {
  const records = loadRecords(home);
  for (const c of changes) {
    if (c.after === null) removeConfig(c.path);
    else writeConfig(c.path, c.after);
    const earlier = records[key(c.path)];
    if (mode === 'install' && c.after !== null) records[key(c.path)] = { before: earlier && earlier.after === c.before ? earlier.before : c.before, after: c.after };
    else delete records[key(c.path)];
  }
  saveHomeRecord(home, RECORDS, records);
}

/** A unified diff of the changes, for --dry-run. */
export function diffText(changes: FileChange[]): string {
  if (changes.length === 0) return 'nothing to change\n';
  return changes.map((c) => createTwoFilesPatch(c.path, c.path, c.before ?? '', c.after ?? '', c.before === null ? '(new file)' : '', c.after === null ? '(removed)' : '')).join('');
}
