// Risk flags for the verdict: the shell analysis' findings plus what the paths and URL say.
import type { Risk } from '../../../../common/domain.js';
import type { TamperFinding } from '../guard/tamper.js';
import type { RequestView } from './view.js';
import { relativeInside } from '../paths.js';
import { secretReason } from '../vouch/secrets.js';

/** Every risk of a request, each once. */
export function collectRisks(view: RequestView, realCwd: string, tamper: TamperFinding[]): Risk[] {
  const risks: Risk[] = [...(view.analysis?.risks ?? [])];
  const secret = (p: string): string | null => secretReason(relativeInside(p, realCwd) ?? p);
  for (const { facts } of view.files) {
    if (!facts.insideWorkspace) risks.push({ flag: 'outside-workspace', reason: `${facts.resolved} is outside the workspace` });
    if (facts.ignored) risks.push({ flag: 'gitignored', reason: `${facts.resolved} is gitignored` });
    const s = secret(facts.resolved);
    if (s) risks.push({ flag: 'secrets', reason: s });
  }
  if (view.family === 'write') for (const f of view.files) risks.push({ flag: 'writes-file', reason: `${view.tool} writes ${f.facts.resolved}` });
  for (const ref of view.shellRefs) {
    const s = secret(ref.facts.resolved);
    if (s) risks.push({ flag: 'secrets', reason: s, range: { start: ref.span.start, end: ref.span.end } });
    if (ref.access === 'write' && !ref.facts.insideWorkspace && ref.redirect) {
      risks.push({ flag: 'outside-workspace', reason: `writes ${ref.facts.resolved}, outside the workspace`, range: { start: ref.span.start, end: ref.span.end } });
    }
  }
  if (view.sandboxOff !== null) risks.push({ flag: 'sandbox-off', reason: `runs outside the agent's own sandbox (${view.sandboxOff})` });
  if (view.family === 'web' && view.url) risks.push({ flag: 'network', reason: `fetches ${view.url}` });
  for (const t of tamper) risks.push(t.range ? { flag: 'tamper', reason: t.reason, range: t.range } : { flag: 'tamper', reason: t.reason });
  const seen = new Set<string>();
  return risks.filter((r) => {
    const k = `${r.flag}\0${r.reason}\0${r.range?.start ?? ''}`;
    return !seen.has(k) && seen.add(k) !== undefined;
  });
}
