// `npm run serve [-- FLAGS]`: refuses before building when another Gatehouse holds the home, builds only when an
// input changed, then runs `gatehouse serve FLAGS` in the foreground.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeRun } from './before-run.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
await beforeRun('serve', root, argv);
const child = spawn(process.execPath, [join(root, 'bin', 'gatehouse.js'), 'serve', ...argv], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
