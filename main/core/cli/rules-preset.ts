// `gatehouse rules preset [NAME] [--show]`: the presets the Rules view and the queue's first-run choice offer, from the
// command line — listed, shown rule by rule, or applied (rules already present are skipped, as in the app).
import { parseArgs } from 'node:util';
import type { Preset } from '../../../common/api.js';
import { applyPresetTo } from '../broker/apply-preset.js';
import { findPreset, PRESETS } from '../presets.js';
import type { OpenStore } from '../store/index.js';
import { UsageError, type CliIo } from './store-cli.js';

/** Runs `rules preset …` (argv after "preset") against an open store; returns the exit code. */
export function runPreset(io: CliIo, store: OpenStore, argv: string[]): number {
  const { values, positionals } = parseArgs({ args: argv, options: { show: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError('preset takes one NAME');
  const name = positionals[0];
  if (name === undefined) {
    for (const p of PRESETS) io.stdout(`${p.name.padEnd(14)} ${p.title} — ${p.rules.length} rules\n  ${p.description}\n`);
    io.stdout('apply one with: gatehouse rules preset NAME   (see its rules first with --show)\n');
    return 0;
  }
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`no preset named ${JSON.stringify(name)}; known: ${PRESETS.map((p) => p.name).join(', ')}`);
  if (values.show) {
    for (const r of preset.rules) io.stdout(`${r.action.padEnd(5)} ${r.pattern}${r.note ? `  (${r.note})` : ''}\n`);
    for (const line of settingLines(preset.settings)) io.stdout(`${line}\n`);
    return 0;
  }
  const { report, settings } = applyPresetTo(store, preset);
  for (const r of report.imported) io.stdout(`added ${r.action} ${r.pattern}\n`);
  for (const s of report.skipped) io.stdout(`skipped ${s.entry}: ${s.why}\n`);
  if (settings !== null) for (const line of settingLines(preset.settings)) io.stdout(`${line}\n`);
  io.stdout(`${preset.title}: ${report.imported.length} added, ${report.skipped.length} skipped\n`);
  return 0;
}

/** The settings a preset turns on, as the person reads them. */
function settingLines(settings: Preset['settings']): string[] {
  return settings?.contain_unvouched === undefined ? [] : [`setting: contain instead of asking ${settings.contain_unvouched ? 'on' : 'off'} (commands no rule vouches for run contained where the agent and the sandbox allow it, else they ask)`];
}
