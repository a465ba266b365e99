// Main's side of the renderer contract: one `ipcMain.handle` per GatehouseApi verb, each checking the sender
// and the arguments before the core sees them, each answering a Result — an Electron `handle()` that throws
// loses everything but its message (STYLE.md §6), and a throw must never read as success.
import { API_VERBS, type ExportFormat, type GatehouseEvent, type Result } from '../../common/api.js';
import type { AuditFilter } from '../../common/domain.js';
import { EVENT_CHANNEL, EXPORT_PROGRESS_CHANNEL, invokeChannel, type ApiVerb, type ExportProgress } from '../../common/ipc.js';
import type { Approver, CoreEventsLike } from './core-port.js';
import { checkArgs } from './ipc-args.js';
import { checkSender } from './ipc-sender.js';

/** The part of a WebFrameMain the sender check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly processId: number;
  readonly routingId: number;
}

/** True for the top-level frame of its webContents, compared by ids (frame wrapper objects need not be identical). */
function isMainFrame(frame: FrameLike, mainFrame: FrameLike): boolean {
  return frame.parent === null && frame.processId === mainFrame.processId && frame.routingId === mainFrame.routingId;
}

/** The part of an IpcMainInvokeEvent the service reads. */
export interface InvokeEventLike {
  readonly sender: { readonly id: number; readonly mainFrame: FrameLike; send(channel: string, ...args: unknown[]): void };
  readonly senderFrame: FrameLike | null;
}

/** The part of `ipcMain` the service uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** A renderer that receives pushed events. */
export interface EventSink {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** What the IPC service is wired to. */
export interface IpcServiceDeps {
  ipcMain: IpcMainLike;
  approver: Approver;
  /** Ids of the webContents Gatehouse created for its renderer (asked on every message: windows come and go). */
  trustedWebContents: () => ReadonlySet<number>;
  /** Saves the filtered audit where the person chooses; reports rows written. */
  exportAudit: (filter: AuditFilter, format: ExportFormat, onProgress: (rows: number) => void) => Promise<{ rows: number }>;
  /** Where rejected senders are reported (never to the page). */
  warn: (message: string) => void;
}

/** First line of an error's message: what the renderer shows. */
function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0] || 'unexpected error';
}

/** Registers and removes the IPC handlers for every verb. */
export class IpcService {
  private readonly channels: string[] = [];
  private readonly runners = new Map<string, (event: InvokeEventLike, args: unknown[]) => Promise<unknown>>();

  constructor(private readonly deps: IpcServiceDeps) {}

  /** Installs one handler per verb (and exportAudit). */
  register(): void {
    for (const verb of API_VERBS) {
      this.handle(verb, (_event, args) => {
        const method = this.deps.approver[verb] as (...a: unknown[]) => Promise<unknown>;
        return method.apply(this.deps.approver, args);
      });
    }
    this.handle('exportAudit', (event, args) => {
      const [filter, format, token] = args as [AuditFilter, ExportFormat, string];
      return this.deps.exportAudit(filter, format, (rows) => {
        const progress: ExportProgress = { token, rows };
        event.sender.send(EXPORT_PROGRESS_CHANNEL, progress);
      });
    });
  }

  /** Removes every handler this service installed. */
  dispose(): void {
    for (const channel of this.channels.splice(0)) this.deps.ipcMain.removeHandler(channel);
  }

  /** Runs one verb for one message: sender check, argument check, call, Result. */
  private async invoke(verb: ApiVerb | 'exportAudit', event: InvokeEventLike, args: unknown[]): Promise<Result<unknown>> {
    const frame = event.senderFrame;
    const sender = checkSender(
      { frameUrl: frame?.url ?? null, isMainFrame: frame !== null && isMainFrame(frame, event.sender.mainFrame), webContentsId: event.sender.id },
      this.deps.trustedWebContents(),
    );
    if (!sender.ok) {
      this.deps.warn(`IPC ${verb} refused: ${sender.why}`);
      return { ok: false, error: 'refused: this page may not use Gatehouse' };
    }
    const problem = checkArgs(verb, args);
    const runner = this.runners.get(verb);
    if (problem || !runner) return { ok: false, error: problem ?? `unknown verb ${verb}` };
    try {
      const value = await runner(event, args);
      // `undefined` does not survive structured clone as a value the renderer can tell from "missing": send null.
      return { ok: true, value: value === undefined ? null : value };
    } catch (err) {
      return { ok: false, error: errorMessage(err) };
    }
  }

  private handle(verb: ApiVerb | 'exportAudit', runner: (event: InvokeEventLike, args: unknown[]) => Promise<unknown>): void {
    const channel = invokeChannel(verb);
    this.runners.set(verb, runner);
    this.channels.push(channel);
    this.deps.ipcMain.handle(channel, (event, ...args) => this.invoke(verb, event, args));
  }
}

/** Pushes every core event to the live renderers; returns the unsubscribe function. */
export function forwardEvents(events: CoreEventsLike, targets: () => Iterable<EventSink>): () => void {
  return events.subscribeAll((event: GatehouseEvent) => {
    for (const target of targets()) {
      if (!target.isDestroyed()) target.send(EVENT_CHANNEL, event);
    }
  });
}
