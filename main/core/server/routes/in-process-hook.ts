// The native hook route's way to the hook route (POST /v1/hooks/<cli> and its /session-end): the route's own code
// (hook-event.ts) called in this process, where the Node hook goes over loopback. The body is read as the route reads
// it (size limit, strict JSON, schema), an error is the status the route would answer, and the agent hanging up or
// the hook's limit passing withdraws the call as a closed connection does; no second connection, nonce or signature:
// the answer never leaves this process before the native route sends it.
import { Compile } from 'typebox/compile';
import type { Core } from '../../core.js';
import type { HookTranslator } from '../../agents/translator.js';
import { answeredStatus, MAX_ANSWER_BYTES, noAnswerWithin, TOO_LARGE, type HookChannel } from '../../hook-client/client.js';
import { BODY_LIMIT, errorStatus } from '../app.js';
import { HookEventBody, SessionEndBody } from '../schemas.js';
import { hookDecision, hookRan, isAfterEvent, type HookEventInput } from './hook-event.js';

const HOOK_EVENT = Compile(HookEventBody);
const SESSION_END = Compile(SessionEndBody);

/** What the channel of one native hook call needs. */
export interface InProcessHook {
  core: Core;
  agent: HookTranslator;
  /** The JSON reading of every route's body (app.ts jsonBodyParser). */
  parse: (text: string) => unknown;
  /** This instance's host:port, named in a fallback reason as the Node hook names it. */
  host: string;
  /** Aborts when the native hook that asked hung up. */
  hangup: AbortSignal;
}

type Answer = { json: string } | string;
const HUNG_UP = 'the hook that asked stopped waiting';

/** The channel askGatehouse uses for one native hook call. */
export function inProcessChannel(h: InProcessHook): HookChannel {
  const failed = (err: unknown) => answeredStatus(h.host, errorStatus(err));
  /** The hook route's body: the event, or the status the route answers it with. */
  function read<T>(body: string, schema: { Check(v: unknown): v is T }): T | number {
    if (Buffer.byteLength(body, 'utf8') > BODY_LIMIT) return 413;
    try {
      const value = h.parse(body);
      return schema.Check(value) ? value : 400;
    } catch (err) {
      return errorStatus(err);
    }
  }
  /** POST /v1/hooks/<cli>, as the route answers it. */
  async function hookRoute(event: HookEventInput, signal: AbortSignal): Promise<Answer> {
    if (isAfterEvent(h.agent, event)) return { json: JSON.stringify(await hookRan(h.core, h.agent, event)) };
    const json = JSON.stringify(await hookDecision(h.core, h.agent, event, signal));
    return Buffer.byteLength(json, 'utf8') > MAX_ANSWER_BYTES ? TOO_LARGE : { json };
  }
  return {
    decide(body, timeoutMs) {
      const event = read(body, HOOK_EVENT);
      if (typeof event === 'number') return Promise.resolve(answeredStatus(h.host, event));
      return within(h.hangup, timeoutMs, (signal) => hookRoute(event, signal).catch(failed));
    },
    async endSession(body, timeoutMs) {
      const end = read(body, SESSION_END);
      if (typeof end === 'number') return;
      await within(h.hangup, timeoutMs, () => h.core.sessionEnded(h.agent.kind, end.session_id, end.transcript_path).then(() => ({ json: '{}' }), failed));
    },
  };
}

/**
 * Runs `work` until it answers, the hook's limit passes or the hook hangs up, whichever comes first; the last two
 * abort the signal `work` got, as a hook that closes its connection aborts the route's. `work` never rejects.
 */
function within(hangup: AbortSignal, timeoutMs: number, work: (signal: AbortSignal) => Promise<Answer>): Promise<Answer> {
  // Gone before it was asked: nothing is submitted, as a hook that hangs up before sending submits nothing.
  if (hangup.aborted) return Promise.resolve(HUNG_UP);
  const stop = new AbortController();
  return new Promise<Answer>((resolve) => {
    const end = (answer: Answer) => {
      clearTimeout(timer);
      hangup.removeEventListener('abort', hungUp);
      resolve(answer);
    };
    const hungUp = () => {
      stop.abort();
      end(HUNG_UP);
    };
    const timer = setTimeout(() => {
      stop.abort();
      end(noAnswerWithin(timeoutMs));
    }, timeoutMs);
    hangup.addEventListener('abort', hungUp, { once: true });
    void work(stop.signal).then(end);
  });
}
