// The store's public surface: everything other layers import from main/core/store.
export { openStore, type OpenStore, type StoreOptions } from './store.js';
export { StoreConflictError, StoreInputError, StoreNotFoundError, type Store, type VerifyReport } from './types.js';
export { StoreVersionError } from './migrations.js';
export { createRedactor, REDACTED, type RedactionConfig, type Redactor } from './redact.js';
export { isSecretKey } from './secret-key.js';
export { exportAudit } from './export.js';
export { startRetention } from './retention.js';
export { resolveHome, dbPathIn, DB_FILE } from './home.js';
export { acquireInstanceLock, InstanceLockedError } from './instance-lock.js';
export { DamagedDatabaseError } from './health.js';
export { DEFAULT_SETTINGS } from './settings-repo.js';
export { summarize } from './summary.js';
