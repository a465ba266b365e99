// Cline has no permission rules Gatehouse could write or read (its CLI approves per tool, or everything): every call
// reaches Gatehouse's hook, so its rules live only there. Sync and import say so instead of writing anything.
import { noNativePolicy } from '../native-policy.js';

const NONE = 'Cline has no native rule file: its calls are decided by Gatehouse\'s hook, with the rules kept in Gatehouse';

/** Cline's (absent) native policy. */
export const clineNativePolicy = noNativePolicy(NONE);
