// One network namespace, made once, whose two relays (TCP 3128 and 1080 → the library's proxy socket) listen for every
// contained command entered into it. The library starts both relays inside each command's own namespace and polls for
// them: two socat starts and a busy loop per command, most of what a contained `true` cost (README "Contained").
//
// The namespace is owned by a user namespace of this process's user, so a contained command's `nsenter` may enter it
// (shared-net.ts); inside, bwrap still makes the command's own user, mount and pid namespaces. Commands entered into
// one namespace share its loopback, so one namespace serves one list of allowed hosts: a command could only relay
// for another what it may reach itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { shellQuote } from '../shell/words/argv.js';

/** The ports the library's proxy environment names (HTTP_PROXY …:3128, socks5h …:1080). */
const PORTS = [3128, 1080];
/** How long the relays may take to listen before the namespace counts as not started. */
const START_MS = 5000;

/** `name` found on PATH as an absolute path, or null: the wrapped command must not look it up on the agent's PATH. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (path.isAbsolute(file)) return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** Where nsenter is, or null: without it no command can enter the shared namespace (each starts its own relays). */
export function nsenterPath(): string | null {
  return onPath('nsenter');
}

/** The library's relay, from one TCP port to the proxy socket: IPv6 with IPv4 mapped in, IPv4 alone where that fails. */
function relay(port: number, socket: string): string {
  const listen = `fork,reuseaddr,backlog=4096 UNIX-CONNECT:${socket}`;
  return `{ socat TCP6-LISTEN:${port},ipv6only=0,${listen} || exec socat TCP4-LISTEN:${port},${listen}; } >/dev/null 2>&1 &`;
}

/** Whether the namespace of process `pid` has a TCP socket listening on `port` (its /proc/<pid>/net tables). */
function listening(pid: number, port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  return ['tcp', 'tcp6'].some((t) => {
    try {
      return readFileSync(`/proc/${pid}/net/${t}`, 'utf8').split('\n').some((l) => l.includes(hex) && / 0A /.test(l));
    } catch {
      return false;
    }
  });
}

/** The first JSON document bwrap writes on its info fd: the pid of the process inside the namespace. */
function childPid(child: ChildProcess): Promise<number> {
  return new Promise((done, fail) => {
    let text = '';
    const info = child.stdio[3];
    if (!info) return fail(new Error('bwrap gave no info fd'));
    info.on('data', (d: Buffer) => {
      text += d.toString();
      const pid = /"child-pid"\s*:\s*(\d+)/.exec(text)?.[1];
      if (pid !== undefined) done(Number(pid));
    });
    child.once('exit', (code) => fail(new Error(`the relay namespace exited (${code}) before it started`)));
    child.once('error', fail);
  });
}

/** A started relay namespace: the words that enter it, while its process lives. */
export class RelayNamespace {
  private exited = false;

  private constructor(private readonly child: ChildProcess, private readonly pid: number, private readonly nsenter: string) {
    child.once('exit', () => (this.exited = true));
  }

  /** Starts the namespace and its relays to `httpSocket` and `socksSocket`; resolves once both listen. */
  static async start(httpSocket: string, socksSocket: string): Promise<RelayNamespace> {
    const nsenter = nsenterPath();
    if (nsenter === null) throw new Error('nsenter (util-linux) is not installed');
    const script = `${relay(PORTS[0]!, shellQuote(httpSocket))}\n${relay(PORTS[1]!, shellQuote(socksSocket))}\nwait`;
    const child = spawn('bwrap', ['--unshare-user', '--unshare-net', '--unshare-pid', '--die-with-parent', '--new-session', '--dev-bind', '/', '/', '--info-fd', '3', '--', '/bin/sh', '-c', script], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    try {
      const pid = await childPid(child);
      const until = Date.now() + START_MS;
      while (!PORTS.every((p) => listening(pid, p))) {
        if (child.exitCode !== null || Date.now() > until) throw new Error('the relays in the shared network namespace did not start listening');
        await sleep(5);
      }
      child.stdio[3]?.destroy();
      child.unref(); // the relays end with this process (--die-with-parent), and do not keep it running
      return new RelayNamespace(child, pid, nsenter);
    } catch (e) {
      child.kill('SIGKILL');
      throw e;
    }
  }

  /** The words that run a command in this namespace, or null once it has exited (a new one must be started). */
  enter(): string[] | null {
    return this.exited ? null : [this.nsenter, '--user', '--net', '--preserve-credentials', '-t', String(this.pid)];
  }

  /** Ends the relays (commands still running in the namespace lose their way out, nothing else). */
  stop(): void {
    this.child.kill('SIGKILL');
  }
}
