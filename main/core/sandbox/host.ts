// The OS sandbox hosted in the long-lived server process. Decision (README "Contained"): the library's wrapWithSandbox,
// not a bwrap line of our own. Its wrap (p50 ≈ 40 ms here) gives what a bwrap line alone cannot — a per-host network
// proxy whose unknown hosts come back to Gatehouse as questions, seccomp against new Unix sockets, write denies that
// hold through links and on paths that do not exist yet, the mandatory denies (.bashrc, .git/hooks) — and the profile
// it is given is compiled once per rule set (profile.ts), so the per-command cost is the wrap alone.
//
// The wrapped string reaches the proxies of THIS process (a Unix socket and the proxy's password are written into it):
// the agent runs it after the hook has answered, so the manager is initialised once with `serve` and never reset while
// it runs. Wrapped commands are never started with spawnSync (the proxy would deadlock: it runs in this event loop).
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import type { ContainedProfile } from '../../../common/domain.js';
import { sandboxProblems, type SandboxProblem } from './readiness.js';
import { concreteUnreadable } from './secret-files.js';

/** The variable that carries the command into the sandbox. */
const COMMAND_VAR = 'GATEHOUSE_CONTAINED_COMMAND';
/** How long a profile's template is reused before secret files are looked for again. */
const TEMPLATE_MS = 60_000;

/** `s` as one single-quoted shell word. */
function singleQuoted(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Asks Gatehouse about a connection to a host no rule lets through (a `Network(host:port)` request); true allows. */
export type NetworkQuestion = (host: string, port: number | undefined) => Promise<boolean>;

/** Whether contained commands can run now. */
export type HostState = { ready: true } | { ready: false; why: string };

/** The sandbox manager of this process: started once, then wraps commands until the process ends. */
export class ContainmentHost {
  private state: HostState = { ready: false, why: 'the sandbox has not been started in this Gatehouse process' };
  // One per-command network list per set of hosts, kept while the process runs (ids are 128 random bits).
  private readonly lists = new Map<string, string>();
  private readonly templates = new Map<string, { at: number; template: Promise<string> }>();

  /** Starts the manager and its proxies; on any problem stays not ready and says why (contained answers then ask). */
  async start(ask: NetworkQuestion): Promise<HostState> {
    const problems: SandboxProblem[] = await sandboxProblems().catch((e: unknown) => [{ why: String(e), fix: '' }]);
    if (problems.length > 0) {
      this.state = { ready: false, why: problems.map((p) => p.why).join('; ') };
      return this.state;
    }
    try {
      // The TMPDIR the library hands a sandboxed command (its default /tmp/claude may not exist): the temp folder every
      // profile makes writable, so `make -f-`, compilers and test runners find a place for their temporary files.
      process.env.CLAUDE_CODE_TMPDIR = realpathSync(tmpdir());
      await SandboxManager.initialize(
        { network: { allowedDomains: [], deniedDomains: [] }, filesystem: { denyRead: [], allowWrite: [], denyWrite: [] } },
        async ({ host, port }) => ((await ask(host, port)) ? true : { allow: false, reason: `Gatehouse refused ${host}${port ? `:${port}` : ''}` }),
      );
      this.state = { ready: true };
    } catch (e) {
      this.state = { ready: false, why: `the sandbox did not start: ${e instanceof Error ? e.message : String(e)}` };
    }
    return this.state;
  }

  /** Ready, or why not. */
  status(): HostState {
    return this.state;
  }

  /**
   * The command rewritten to run inside the profile's sandbox: the profile's wrapped template (made once per profile,
   * remade after TEMPLATE_MS so new secret files are found) with the command handed in through the environment, in
   * single quotes, where no character of it is special. Throws when the sandbox is not running.
   */
  async wrap(command: string, profile: ContainedProfile): Promise<string> {
    if (!this.state.ready) throw new Error(this.state.why);
    return `${COMMAND_VAR}=${singleQuoted(command)} ${await this.template(profile)}`;
  }

  private template(profile: ContainedProfile): Promise<string> {
    const key = JSON.stringify(profile);
    const hit = this.templates.get(key);
    if (hit && Date.now() - hit.at < TEMPLATE_MS) return hit.template;
    const template = this.makeTemplate(profile);
    this.templates.set(key, { at: Date.now(), template });
    template.catch(() => this.templates.delete(key));
    return template;
  }

  private async makeTemplate(profile: ContainedProfile): Promise<string> {
    const commandId = this.listFor(profile.hosts);
    const wrapped = await SandboxManager.wrapWithSandbox(
      `eval "$${COMMAND_VAR}"`,
      undefined,
      {
        filesystem: { denyRead: await concreteUnreadable(profile.unreadable), allowWrite: profile.writable, denyWrite: profile.unwritable },
        network: { allowedDomains: [], deniedDomains: [] },
      },
      undefined,
      { commandId },
    );
    // The environment reaches the sandboxed shell only through one simple command: bwrap, or sh running bwrap.
    if (!/^(bwrap|\/bin\/sh) /.test(wrapped)) throw new Error('the sandbox wrapped the command in a form Gatehouse does not know');
    return wrapped;
  }

  /** The id whose registered list allows exactly these hosts and their subdomains. */
  private listFor(hosts: readonly string[]): string {
    const key = [...hosts].sort().join('\n');
    let id = this.lists.get(key);
    if (id === undefined) {
      id = randomBytes(16).toString('base64url');
      SandboxManager.registerCommandNetworkLists(id, { allowedDomains: hosts.flatMap((h) => [h, `*.${h}`]) });
      this.lists.set(key, id);
    }
    return id;
  }
}
