// Small JSON records Gatehouse keeps beside its database in GATEHOUSE_HOME (what install and sync changed), private
// to this user like the rest of the folder.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The record `name` in `home`, or `{}` when there is none (or it cannot be read). */
export function loadHomeRecord<T extends object>(home: string, name: string): Partial<T> {
  try {
    return JSON.parse(readFileSync(join(home, name), 'utf8')) as Partial<T>;
  } catch {
    return {};
  }
}

/** Writes the record `name` in `home` (0600 in a 0700 folder). */
export function saveHomeRecord(home: string, name: string, value: object): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, name), `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}
