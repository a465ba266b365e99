// The OS sandbox hosted in the long-lived server process. Decision (README "Contained"): the library's wrapWithSandbox,
// not a bwrap line of our own. Its wrap gives what a bwrap line alone cannot — a per-host network proxy whose unknown
// hosts come back to Gatehouse as questions, seccomp against new Unix sockets, write denies that hold through links and
// on paths that do not exist yet, the mandatory denies (.bashrc, .git/hooks) — and the profile it is given is compiled
// once per rule set (profile.ts), so the per-command cost is the wrap alone. One part of what it wraps is moved out of
// the command: the two relays to the proxy, which the library starts and waits for inside every command's own network
// namespace, listen once in a shared one per host list that the command enters (relay-namespace.ts, shared-net.ts).
//
// The wrapped string reaches the proxies of THIS process (a Unix socket and the proxy's password are written into it):
// the agent runs it after the hook has answered, so the manager is initialised once with `serve` and never reset while
// it runs. Wrapped commands are never started with spawnSync (the proxy would deadlock: it runs in this event loop).
//
// Each wrapped command carries its own attribution id (its proxy username and the write monitor's key), so what the
// sandbox refuses it comes back here tagged with the request it ran for. The template is made once per profile with a
// placeholder id, and each wrap puts a fresh id in its place: the per-command cost stays a string replace.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { getDefaultWritePaths, SandboxManager } from '@anthropic-ai/sandbox-runtime';
import type { ContainedProfile, SandboxRefusal } from '../../../common/domain.js';
import { sandboxProblems, type SandboxProblem } from './readiness.js';
import { refusalOf } from './refusal-line.js';
import { RelayNamespace } from './relay-namespace.js';
import { concreteUnreadable } from './secret-files.js';
import { inSharedNetwork } from './shared-net.js';

/** The variable that carries the command into the sandbox. */
const COMMAND_VAR = 'GATEHOUSE_CONTAINED_COMMAND';
/** How long a profile's template is reused before secret files are looked for again. */
const TEMPLATE_MS = 60_000;
/** Relay namespaces kept at once, one per list of allowed hosts (the oldest is ended when another is needed). */
const NAMESPACES = 16;
/** Wrapped commands whose refusals are still attributed (the oldest are forgotten, and their host lists dropped). */
const ATTRIBUTED = 2000;
/**
 * What the sandboxed shell runs: the command from the environment, with local hosts sent through the proxy too (the
 * library exempts them, and inside the sandbox's own network they would only be refused, never asked about).
 */
const INNER = `unset NO_PROXY no_proxy; eval "$${COMMAND_VAR}"`;

/**
 * A fresh attribution id: 144 random bits (the library asks for at least 128), drawn until its base64 form — how it is
 * written into the wrapped command — is letters and digits only, so a plain replace finds every copy of it.
 */
function attributionId(): { id: string; encoded: string } {
  for (;;) {
    const id = randomBytes(18).toString('base64url');
    const encoded = Buffer.from(id).toString('base64');
    if (/^[A-Za-z0-9]+$/.test(encoded)) return { id, encoded };
  }
}

/** A profile's wrapped command with a placeholder attribution id in it, and the relay namespace it enters (if any). */
interface Template {
  wrapped: string;
  placeholder: string;
  namespace: RelayNamespace | null;
}

/** `s` as one single-quoted shell word. */
function singleQuoted(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Asks Gatehouse about a connection to a host no rule lets through (a `Network(host:port)` request); true allows. */
export type NetworkQuestion = (host: string, port: number | undefined) => Promise<boolean>;

/** Whether contained commands can run now. */
export type HostState = { ready: true } | { ready: false; why: string };

/** Hears what the sandbox refused the command wrapped for request `requestId`. */
export type RefusalListener = (requestId: string, refusal: SandboxRefusal) => void;

/** The sandbox manager of this process: started once, then wraps commands until the process ends. */
export class ContainmentHost {
  private state: HostState = { ready: false, why: 'the sandbox has not been started in this Gatehouse process' };
  private readonly templates = new Map<string, { at: number; template: Promise<Template> }>();
  // JSON of a profile's hosts → its relay namespace (null where none could start), oldest first.
  private readonly namespaces = new Map<string, Promise<RelayNamespace | null>>();
  // Encoded attribution id → the request and profile it was wrapped for, oldest first.
  private readonly runs = new Map<string, { requestId: string; profile: ContainedProfile; id: string }>();
  private seenViolations = 0;

  /**
   * Starts the manager, its proxies and its write monitor; on any problem stays not ready and says why (contained answers
   * then ask). `onRefusal` hears each refusal of a wrapped command.
   */
  async start(ask: NetworkQuestion, onRefusal?: RefusalListener): Promise<HostState> {
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
        true,
      );
      if (onRefusal) this.listen(onRefusal);
      this.state = { ready: true };
    } catch (e) {
      this.state = { ready: false, why: `the sandbox did not start: ${e instanceof Error ? e.message : String(e)}` };
    }
    return this.state;
  }

  /** Ends the relay namespaces and the library's proxies, so a process that hosted the sandbox can exit (the bench). */
  async stop(): Promise<void> {
    const namespaces = [...this.namespaces.values()];
    this.namespaces.clear();
    this.templates.clear();
    for (const ns of await Promise.all(namespaces)) ns?.stop();
    this.state = { ready: false, why: 'the sandbox was stopped in this Gatehouse process' };
    await SandboxManager.reset();
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
  async wrap(command: string, profile: ContainedProfile, requestId: string): Promise<string> {
    if (!this.state.ready) throw new Error(this.state.why);
    const template = await this.template(profile);
    const run = attributionId();
    SandboxManager.registerCommandNetworkLists(run.id, { allowedDomains: profile.hosts.flatMap((h) => [h, `*.${h}`]) });
    this.runs.set(run.encoded, { requestId, profile, id: run.id });
    if (this.runs.size > ATTRIBUTED) this.forget(this.runs.keys().next().value as string);
    return `${COMMAND_VAR}=${singleQuoted(command)} ${template.wrapped.replaceAll(template.placeholder, run.encoded)}`;
  }

  private forget(encoded: string): void {
    const run = this.runs.get(encoded);
    if (run) SandboxManager.unregisterCommandNetworkLists(run.id);
    this.runs.delete(encoded);
  }

  /** Passes each new violation of a wrapped command, as a refusal its profile makes, to `onRefusal`. */
  private listen(onRefusal: RefusalListener): void {
    const violations = SandboxManager.getSandboxViolationStore();
    this.seenViolations = violations.getTotalCount();
    violations.subscribe((recent) => {
      const total = violations.getTotalCount();
      const fresh = recent.slice(Math.max(0, recent.length - (total - this.seenViolations)));
      this.seenViolations = total;
      const always = getDefaultWritePaths();
      for (const v of fresh) {
        const run = v.encodedCommand === undefined ? undefined : this.runs.get(v.encodedCommand);
        const refusal = run ? refusalOf(v.line, v.timestamp, run.profile, always) : null;
        if (run && refusal) onRefusal(run.requestId, refusal);
      }
    });
  }

  private async template(profile: ContainedProfile): Promise<Template> {
    const key = JSON.stringify(profile);
    const hit = this.templates.get(key);
    if (hit && Date.now() - hit.at < TEMPLATE_MS) {
      const made = await hit.template;
      // A template whose relay namespace has ended would send every command into a process that is gone.
      if (made.namespace === null || made.namespace.enter() !== null) return made;
    }
    const template = this.makeTemplate(profile);
    this.templates.set(key, { at: Date.now(), template });
    template.catch(() => this.templates.delete(key));
    return template;
  }

  private async makeTemplate(profile: ContainedProfile): Promise<Template> {
    const placeholder = attributionId();
    const wrapped = await SandboxManager.wrapWithSandbox(
      INNER,
      undefined,
      {
        filesystem: { denyRead: await concreteUnreadable(profile.unreadable), allowWrite: profile.writable, denyWrite: profile.unwritable },
        network: { allowedDomains: [], deniedDomains: [] },
      },
      undefined,
      { commandId: placeholder.id },
    );
    // The environment reaches the sandboxed shell only through one simple command: bwrap, or sh running bwrap.
    if (!/^(bwrap|\/bin\/sh) /.test(wrapped)) throw new Error('the sandbox wrapped the command in a form Gatehouse does not know');
    // Every command gets its own id in the placeholder's place: one the wrap does not carry would share attribution.
    if (!wrapped.includes(placeholder.encoded)) throw new Error('the sandbox wrapped the command without its attribution id');
    const namespace = await this.namespace(profile.hosts);
    const enter = namespace?.enter();
    return { wrapped: enter ? inSharedNetwork(wrapped, enter, INNER) : wrapped, placeholder: placeholder.encoded, namespace };
  }

  /**
   * The relay namespace for commands that may reach `hosts`, started on first use and again once it has ended or failed
   * to start; null where it cannot start (no nsenter, say): each command then starts its own relays, as the library does.
   */
  private async namespace(hosts: readonly string[]): Promise<RelayNamespace | null> {
    const key = JSON.stringify(hosts);
    const hit = this.namespaces.get(key);
    const live = hit ? await hit : null;
    if (live?.enter()) return live;
    // Another wrap replaced it while this one waited: one namespace per host list, not one per waiting wrap.
    const now = this.namespaces.get(key);
    if (now !== hit && now !== undefined) return now;
    const http = SandboxManager.getLinuxHttpSocketPath();
    const socks = SandboxManager.getLinuxSocksSocketPath();
    const started = http && socks ? RelayNamespace.start(http, socks).catch(() => null) : Promise.resolve(null);
    this.namespaces.delete(key);
    this.namespaces.set(key, started);
    if (this.namespaces.size > NAMESPACES) {
      const [oldest, ns] = this.namespaces.entries().next().value as [string, Promise<RelayNamespace | null>];
      this.namespaces.delete(oldest);
      void ns.then((n) => n?.stop());
    }
    return started;
  }
}
