// Pipeline stages by group and place, so the stage before a command (whose output it reads) is one look-up away.
import type { RawCommand } from '../walk/types.js';

/** Each pipeline stage by group and stage number, so the stage before a command is found in one look-up. */
export function stagesOf(all: readonly RawCommand[]): Map<string, RawCommand> {
  const out = new Map<string, RawCommand>();
  for (const r of all) if (r.pipe && !out.has(`${r.pipe.group}:${r.pipe.stage}`)) out.set(`${r.pipe.group}:${r.pipe.stage}`, r);
  return out;
}

/** The stage before `raw` in its pipeline, whose output `raw` reads. */
export function previousStage(raw: RawCommand, stages: ReadonlyMap<string, RawCommand>): RawCommand | undefined {
  const pipe = raw.pipe;
  if (!pipe || pipe.stage === 0) return undefined;
  return stages.get(`${pipe.group}:${pipe.stage - 1}`);
}
