// Gatehouse rules as Qwen Code `permissions` (deny and ask lists in the settings.json the hook lives in), and back:
// Qwen reads Claude Code's lists and rule syntax (`Bash(git push:*)`, `Read(.env)`), so Claude Code's sync serves it.
import { join } from 'node:path';
import { permissionsPolicy } from '../claude-code/native-policy.js';
import type { NativePolicy } from '../native-policy.js';
import { qwenDir } from './installer.js';

/** Qwen Code's native policy: deny and ask entries in the hook's settings.json. */
export const qwenNativePolicy: NativePolicy = permissionsPolicy(
  (ctx) => {
    const root = qwenDir(ctx);
    return { path: join(root, 'settings.json'), root };
  },
  "a native allow would skip Qwen Code's own prompt for more than Gatehouse's rule means; Gatehouse's hook already decides each call Qwen lets through",
);
