// Decides whether an IPC message comes from our own review window (STYLE.md §6, GitHub Desktop's
// trusted-ipc-sender). Pure, so the hostile cases are a table test.
import { isRendererDocument } from './app-url.js';

/** What main knows about the sender of one IPC message. */
export interface SenderFacts {
  /** `event.senderFrame.url`, or null when the frame is gone (navigated or destroyed). */
  frameUrl: string | null;
  /** The frame is the top-level frame of its webContents (not an iframe). */
  isMainFrame: boolean;
  /** `event.sender.id`. */
  webContentsId: number;
}

/** Outcome of a sender check; `why` is logged, never shown to the page. */
export type SenderCheck = { ok: true } | { ok: false; why: string };

/**
 * Accepts only the main frame of a window we created, showing our renderer document.
 * Threat: the verbs decide what an agent may run, so a devtools page, an iframe, a page the window was
 * navigated to, or any other webContents must not be able to approve anything.
 */
export function checkSender(facts: SenderFacts, trustedWebContents: ReadonlySet<number>): SenderCheck {
  if (!trustedWebContents.has(facts.webContentsId)) return { ok: false, why: 'message from a window Gatehouse did not open' };
  if (facts.frameUrl === null) return { ok: false, why: 'sender frame is gone' };
  if (!facts.isMainFrame) return { ok: false, why: 'message from a subframe' };
  if (!isRendererDocument(facts.frameUrl)) return { ok: false, why: `message from a foreign page (${facts.frameUrl.slice(0, 80)})` };
  return { ok: true };
}
