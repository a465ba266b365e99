// Whether the OS sandbox can start here, and if not, why and how to fix it: `gatehouse doctor` says it, and until it
// can, a contained answer asks (a call never runs uncontained because containment failed).
import { spawn } from 'node:child_process';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';

/** One thing that stops the sandbox, with what the person can do about it. */
export interface SandboxProblem {
  why: string;
  fix: string;
}

const FIXES: Array<[RegExp, string]> = [
  [/bubblewrap|bwrap/i, 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)'],
  [/socat/i, 'install socat (apt-get install socat)'],
  [/ripgrep|\brg\b/i, 'install ripgrep (apt-get install ripgrep)'],
  [/platform/i, 'contained commands need Linux (bubblewrap) or macOS (sandbox-exec); elsewhere contained answers ask'],
];

function fixFor(why: string): string {
  return FIXES.find(([re]) => re.test(why))?.[1] ?? 'see the sandbox-runtime README (Platform Support)';
}

/** Runs `bwrap` once the way a contained command will: fails where user namespaces are off (containers, hardened kernels). */
function userNamespaces(): Promise<SandboxProblem | null> {
  return new Promise((done) => {
    let err = '';
    const child = spawn('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-pid', '--unshare-user', '--unshare-net', 'true'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e) => done({ why: `bwrap could not run: ${e.message}`, fix: fixFor('bwrap') }));
    child.once('exit', (code) =>
      done(code === 0 ? null : {
        why: `bwrap cannot create a sandbox here: ${err.trim().split('\n')[0] ?? `exit ${code}`}`,
        fix: 'enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0), or run outside a container that forbids them',
      }),
    );
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
