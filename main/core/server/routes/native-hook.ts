// POST /v1/hooks/<cli>/native: the native hook client's one question (native/hook). It sends the agent's hook event as
// it read it, and gets back exactly what `gatehouse hook <cli>` would have printed and exited with: the server runs the
// Node hook's own client (askGatehouse) with the hook route's code called in-process (in-process-hook.ts), not over a
// second connection to itself, and prints with hookPrint, so every agent's dialect, check and fallback stays in
// TypeScript and the native client only carries bytes. Believed by the native client only once the kernel proved the
// listener is this instance (native/hook/proof.c), so the answer is not signed.
import type { Core } from '../../core.js';
import { HOOK_AGENTS } from '../../agents/hook-registry.js';
import { HOOK_TRANSLATORS } from '../../agents/translators.js';
import { askGatehouse, hookTimeoutMs, MAX_EVENT_BYTES } from '../../hook-client/client.js';
import { hookPrint, type HookPrint } from '../../hook-client/print.js';
import { jsonBodyParser, type App } from '../app.js';
import { hangupSignal } from './agent.js';
import { inProcessChannel } from './in-process-hook.js';

/** The content type of the event the native client sends (its stdin, byte for byte). */
export const NATIVE_EVENT_TYPE = 'application/x-gatehouse-hook-event';
/** The content type of the answer (nativeAnswer). */
export const NATIVE_ANSWER_TYPE = 'application/x-gatehouse-hook-answer';
/** The header carrying the hook's GATEHOUSE_HOOK_TIMEOUT, which the Node hook would have read from its environment. */
export const NATIVE_TIMEOUT_HEADER = 'x-gatehouse-hook-timeout';

/**
 * The answer's body: `gatehouse-hook-answer 1 EXIT OUT ERR\n`, then OUT bytes of stdout and ERR bytes of stderr
 * (native/hook/answer.c reads exactly this, and nothing else).
 */
export function nativeAnswer(print: HookPrint): Buffer {
  const out = Buffer.from(print.stdout, 'utf8');
  const err = Buffer.from(print.stderr, 'utf8');
  return Buffer.concat([Buffer.from(`gatehouse-hook-answer 1 ${print.exit} ${out.length} ${err.length}\n`, 'latin1'), out, err]);
}

/** Registers the native hook route of every agent; `host` is this instance's host:port, known once it listens. */
export function registerNativeHookRoutes(app: App, core: Core, host: () => string): void {
  const parse = jsonBodyParser(app);
  void app.register(async (scope) => {
    // Only here: the event arrives as raw bytes, decoded as the Node hook decodes its stdin.
    scope.addContentTypeParser(NATIVE_EVENT_TYPE, { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES }, (_req, body, done) => done(null, body));
    for (const agent of HOOK_AGENTS) {
      const translator = HOOK_TRANSLATORS.find((t) => t.cli === agent.cli);
      if (!translator) throw new Error(`the hook agent ${agent.cli} has no hook route`);
      scope.post(`/v1/hooks/${agent.cli}/native`, { config: { access: 'A' }, bodyLimit: MAX_EVENT_BYTES }, async (req, reply) => {
        const channel = inProcessChannel({ core, agent: translator, parse, host: host(), hangup: hangupSignal(reply) });
        const timeout = req.headers[NATIVE_TIMEOUT_HEADER];
        const timeoutMs = hookTimeoutMs(typeof timeout === 'string' ? { GATEHOUSE_HOOK_TIMEOUT: timeout } : {}, agent.killedAfterS);
        const stdin = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const result = await askGatehouse({ stdin, agent, timeoutMs, channel });
        return reply.type(NATIVE_ANSWER_TYPE).send(nativeAnswer(hookPrint(agent, result)));
      });
    }
  });
}
