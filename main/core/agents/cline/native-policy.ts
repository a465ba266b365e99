// Cline has no permission rules Gatehouse could write or read (its CLI approves per tool, or everything): every call
// reaches Gatehouse's hook, so its rules live only there. Sync and import say so instead of writing anything.
import { ConfigError } from '../config-file.js';
import type { NativePolicy } from '../native-policy.js';

const NONE = 'Cline has no native rule file: its calls are decided by Gatehouse\'s hook, with the rules kept in Gatehouse';

/** Cline's (absent) native policy. */
export const clineNativePolicy: NativePolicy = {
  target() {
    throw new ConfigError(NONE);
  },
  render() {
    throw new ConfigError(NONE);
  },
  remove() {
    throw new ConfigError(NONE);
  },
  parse() {
    throw new ConfigError(NONE);
  },
  recognises: () => false,
};
