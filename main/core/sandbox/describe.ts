// The profile in the person's words, for the verdict's reasons (the review and the audit show them).
import type { ContainedProfile } from '../../../common/domain.js';

/** "runs contained: writes only in …; network only to …": what the sandbox lets the command do. */
export function describeProfile(p: ContainedProfile): string {
  const hosts = p.hosts.length === 0 ? 'no host without asking you' : `${p.hosts.join(', ')} (other hosts are asked)`;
  return `runs contained: writes only in ${p.writable.join(', ')} (not git hooks/config, agent settings, Gatehouse); secret files unreadable; network: ${hosts}`;
}
