// The fastify instance every route hangs off: strict JSON parsing, one-line JSON errors, and the guard + auth hook
// that runs before anything else on every request (static files and 404s included).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { RENDERER_CSP } from '../../../common/csp.js';
import { fromStoreError, GatehouseError, InputError } from '../broker/errors.js';
import type { Metrics } from '../broker/metrics.js';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.js';
import { authorize, bearerToken, identifyCaller, SecretMatcher, type Caller, type RouteAccess } from './auth.js';
import { isRequestAllowed } from './guard.js';
import type { ApproverSessions } from './sessions.js';
import { validatorCompiler } from './validator.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which credential the route needs; routes without it (404s) need none. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

/** The fastify instance type the routes are written against. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Largest request body accepted: a Claude Code Write of a generated file of several MB still gets a decision
 * (a refused body would only fall back to the agent's own prompt), while a flood does not.
 */
export const BODY_LIMIT = 8 * 1024 * 1024;

/** Secrets and state the guard hook checks against. */
export interface AppSecurity {
  agentToken: string;
  approverToken: string | undefined;
  sessions: ApproverSessions;
  metrics: Metrics;
  /** The bound port, known once listening. */
  port(): number;
}

const SECURITY_HEADERS = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** Creates the fastify app with parsing, errors and the guard/auth hook; routes are added by the caller. */
export async function createApp(security: AppSecurity): Promise<App> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 256 },
    // Bad URLs (invalid percent-encoding, e.g. invalid UTF-8 in a path) fail before routing: answer them the same way.
    frameworkErrors: (err, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ error: oneLine(err.message) });
    },
  })
    .setValidatorCompiler(validatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('caller', 'anonymous');

  installJsonParser(app);
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: `no such route: ${req.method} ${(req.url.split('?')[0] ?? '').slice(0, 200)}` });
  });

  const secrets = {
    agent: new SecretMatcher(security.agentToken),
    approver: security.approverToken === undefined ? undefined : new SecretMatcher(security.approverToken),
  };
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(SECURITY_HEADERS);
    const verdict = isRequestAllowed({ host: rawHeader(req, 'host'), origin: rawHeader(req, 'origin'), port: security.port() });
    if (!verdict.ok) return reply.code(403).send({ error: `forbidden: ${verdict.why}` });
    req.caller = identifyCaller(bearerToken(req.headers.authorization), secrets, (token) => security.sessions.isValid(token));
    const access = req.routeOptions.config.access ?? 'open';
    const allowed = authorize(access, req.caller);
    if (!allowed.ok) {
      security.metrics.onAuthFailure(allowed.status);
      return reply.code(allowed.status).send({ error: allowed.error });
    }
    return undefined;
  });
  return app as unknown as App;
}

/**
 * JSON bodies are decoded as strict UTF-8 (invalid bytes are a 400, never silently replaced) and then parsed by
 * fastify's own parser, which refuses `__proto__` keys.
 */
function installJsonParser(app: FastifyInstance): void {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parseText = jsonBodyParser(app);
  // Only JSON bodies: fastify's built-in text/plain parser would let a CSRF-friendly content type through.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new InputError('the request body is not valid UTF-8'), undefined);
      return;
    }
    let value: unknown;
    try {
      value = parseText(text);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    done(null, value);
  });
}

/**
 * How every route reads a JSON body's text: no deeper than MAX_JSON_DEPTH, parsed by fastify's own parser, which
 * refuses `__proto__` keys; throws the error the route would answer with. Also the native hook route's, which hands
 * its event to the hook route's code in-process (routes/in-process-hook.ts).
 */
export function jsonBodyParser(app: Pick<FastifyInstance, 'getDefaultJsonParser'>): (text: string) => unknown {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  return (text) => {
    if (jsonDepth(text) > MAX_JSON_DEPTH) throw new InputError(`the request body nests deeper than ${MAX_JSON_DEPTH} levels`);
    let parsed: { err: Error | null; value: unknown } = { err: null, value: undefined };
    // fastify's parser answers through its callback, synchronously.
    parseJson(undefined as never, text, (err, value) => (parsed = { err, value }));
    if (parsed.err) throw parsed.err;
    return parsed.value;
  };
}

/** Every error leaves as `{"error": "one line"}` with the status it means. */
function sendError(raw: FastifyError | GatehouseError | Error, _req: FastifyRequest, reply: FastifyReply): void {
  const err = fromStoreError(raw) as FastifyError | GatehouseError | Error;
  const status = errorStatus(err);
  let message = err.message;
  if (err instanceof GatehouseError) message = err.message;
  else if ('validation' in err && err.validation) message = validationMessage(err as FastifyError);
  else if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = `request body too large (limit ${BODY_LIMIT} bytes)`;
    else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'send the body as application/json';
    else if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = `malformed JSON: ${err.message}`;
  } else if (err instanceof SyntaxError) message = `malformed JSON: ${err.message}`;
  if (status >= 500) message = `internal error: ${message}`;
  void reply.code(status).send({ error: oneLine(message) });
}

/** The HTTP status a route answers an error with; the native hook's in-process channel answers the same (in-process-hook.ts). */
export function errorStatus(raw: unknown): number {
  const err = fromStoreError(raw);
  if (err instanceof GatehouseError) return err.status;
  const e = err as { validation?: unknown; statusCode?: unknown } | null;
  if (e !== null && typeof e === 'object' && e.validation) return 400;
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return e.statusCode;
  return err instanceof SyntaxError ? 400 : 500;
}

function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0] as { instancePath?: string; message?: string; params?: { requiredProperties?: string[]; missingProperty?: string } } | undefined;
  const part = err.validationContext ?? 'body';
  if (!first) return `invalid ${part}`;
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = first.params?.requiredProperties?.join(', ') ?? first.params?.missingProperty;
  if (missing) return `${part}${path ? `.${path}` : ''}: missing required field ${missing}`;
  return `${part}${path ? `.${path}` : ''}: ${first.message ?? 'invalid'}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** A header's values as received: repeats are kept (Node folds some headers), so the guard can refuse them. */
function rawHeader(req: FastifyRequest, name: string): string | string[] | undefined {
  const raw = req.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === name) values.push(raw[i + 1] ?? '');
  }
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

