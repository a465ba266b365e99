// Copilot CLI keeps no tool rules in a file Gatehouse could write: its native rules are the per-run flags
// --allow-tool / --deny-tool (`copilot help permissions`, 1.0.102; `copilot config` knows no such setting, and the
// folder approvals it saves are its own). So `rules sync copilot` says so, and `rules import` never takes a file as
// Copilot's; the hook is what applies Gatehouse's rules to Copilot.
import { noNativePolicy } from '../native-policy.js';

const NONE = 'Copilot CLI has no policy file: its own tool rules are the --allow-tool/--deny-tool flags of each run, so Gatehouse\'s rules reach Copilot through its hook only';

/** Copilot CLI's native policy: none to write or read. */
export const copilotNativePolicy = noNativePolicy(NONE);
