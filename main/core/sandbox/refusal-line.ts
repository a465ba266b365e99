// A line of the sandbox's violation log as a refusal on record. The Linux write monitor reports write ATTEMPTS, judged
// against the lists it got at start (none: Gatehouse gives each command its own profile), so a write counts only where
// the command's own profile and the sandbox's fixed write paths refuse it. The path comes from the sandboxed process's
// memory (racy, attacker-chosen): the record says what the sandbox saw, it never decides anything.
import path from 'node:path';
import type { ContainedProfile, SandboxRefusal } from '../../../common/domain.js';
import { isInside } from '../policy/paths.js';
import { mayWrite } from './profile-check.js';

/** Where every sandboxed command may write whatever its profile (devices, /proc, the library's own write paths). */
export type AlwaysWritable = readonly string[];

const SYSTEM_WRITABLE = ['/dev', '/proc'];

/** `deny openat /p`, `deny unlinkat /p` (the Linux monitor); `… deny(1) file-write-create /p` (macOS Seatbelt). */
const LINUX_WRITE = /^deny ([a-z0-9_]+) (\/.*)$/;
const SEATBELT = /\bdeny\(\d+\) (file-read[a-z-]*|file-write[a-z-]*|network[a-z-]*) (.+)$/;
/** Proxy refusals: `deny network-outbound host:port (reason)`, `deny http-request GET url (reason)`, `deny socks-tunnel host:port (…)`. */
const PROXY = /^deny (network-outbound|socks-tunnel) (\S+)(?: \((.*)\))?$/;
const HTTP = /^deny http-request \S+ (\S+)(?: \((.*)\))?$/;

/** The refusal a violation line records for a command run under `profile`, or null (not a refusal, or not one the profile makes). */
export function refusalOf(line: string, at: Date, profile: ContainedProfile, always: AlwaysWritable): SandboxRefusal | null {
  const when = at.toISOString();
  const proxy = PROXY.exec(line);
  if (proxy) return { kind: 'network', target: proxy[2] ?? '', at: when, ...(proxy[3] ? { detail: proxy[3] } : {}) };
  const http = HTTP.exec(line);
  if (http) return { kind: 'network', target: http[1] ?? '', at: when, ...(http[2] ? { detail: http[2] } : {}) };
  const linux = LINUX_WRITE.exec(line);
  if (linux) {
    const p = path.posix.normalize(linux[2] ?? '');
    if (mayWrite(profile, p) || [...SYSTEM_WRITABLE, ...always].some((w) => isInside(p, w))) return null;
    return { kind: 'write', target: p, at: when, detail: line };
  }
  const seatbelt = SEATBELT.exec(line);
  if (seatbelt) {
    const op = seatbelt[1] ?? '';
    const kind = op.startsWith('file-read') ? 'read' : op.startsWith('file-write') ? 'write' : 'network';
    return { kind, target: (seatbelt[2] ?? '').trim(), at: when, detail: line };
  }
  return null;
}
