// Whether the OS sandbox can start here, and if not, why and how to fix it: `gatehouse doctor` says it, and until it
// can, a contained answer asks (a call never runs uncontained because containment failed).
import { spawn } from 'node:child_process';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { nsenterPath } from './relay-namespace.js';
import { PROBE, userNamespaceCause, userNamespaceSettings } from './user-namespaces.js';

/** One thing that stops the sandbox, with what the person can do about it. */
export interface SandboxProblem {
  why: string;
  fix: string;
}

const FIXES: Array<[RegExp, string]> = [
  [/bubblewrap .* is older than/i, 'install a newer bubblewrap (0.5.0 or later; Debian 11+/Ubuntu 22.04+ have one)'],
  [/bubblewrap|bwrap/i, 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)'],
  [/socat/i, 'install socat (apt-get install socat)'],
  [/ripgrep|\brg\b/i, 'install ripgrep (apt-get install ripgrep)'],
  [/nsenter|util-linux/i, 'install util-linux (apt-get install util-linux; Alpine: apk add util-linux-misc)'],
  [/seccomp/i, 'install the sandbox runtime with its vendor/seccomp helpers (a full `npm install` of Gatehouse), on x64 or arm64'],
  [/platform/i, 'contained commands need Linux (bubblewrap) or macOS (sandbox-exec); elsewhere contained answers ask'],
];

function fixFor(why: string): string {
  return FIXES.find(([re]) => re.test(why))?.[1] ?? 'see the sandbox-runtime README (Platform Support)';
}

/** Runs `bwrap` once the way a contained command will: fails where user namespaces are off (containers, hardened kernels); says which switch. */
function userNamespaces(): Promise<SandboxProblem | null> {
  return new Promise((done) => {
    let err = '';
    const [program, ...args] = PROBE;
    const child = spawn(program!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e) => done({ why: `bwrap could not run: ${e.message}`, fix: fixFor('bwrap') }));
    child.once('exit', (code) => done(code === 0 ? null : userNamespaceCause(userNamespaceSettings(), err.trim().split('\n')[0] || `exit ${code}`)));
  });
}

/** Everything that stops the sandbox from starting on this machine (empty: it can start). */
export async function sandboxProblems(): Promise<SandboxProblem[]> {
  if (!SandboxManager.isSupportedPlatform()) return [{ why: `unsupported platform (${process.platform})`, fix: fixFor('platform') }];
  const deps = SandboxManager.checkDependencies();
  const out = deps.errors.map((why) => ({ why, fix: fixFor(why) }));
  if (out.length === 0 && process.platform === 'linux') {
    const ns = await userNamespaces();
    if (ns) out.push(ns);
  }
  return out;
}

/**
 * What the sandbox lacks here though it can start, with the fix: each contained command still runs contained, with
 * less (the library's warnings: no seccomp filter, an old bubblewrap) or slower (no nsenter: each command starts its
 * own network relays instead of entering the shared namespace; see relay-namespace.ts).
 */
export function sandboxShortfalls(): SandboxProblem[] {
  if (!SandboxManager.isSupportedPlatform()) return [];
  const out = SandboxManager.checkDependencies().warnings.map((why) => ({ why, fix: fixFor(why) }));
  if (process.platform === 'linux' && nsenterPath() === null) {
    out.push({
      why: 'nsenter (util-linux) is not installed: each contained command starts its own two network relays instead of entering one shared network namespace, which makes every contained command slower',
      fix: fixFor('nsenter'),
    });
  }
  return out;
}
