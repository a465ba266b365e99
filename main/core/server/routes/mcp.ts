// The MCP proxy's extra questions (agent token): which of a server's tools deny rules hide from the model (answered
// only for the names it is given, so the agent learns nothing about the person's other rules), and, for
// `mcp-proxy --sandbox`, the server's command line wrapped in the OS sandbox this process hosts.
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import type { InstanceKey } from '../../endpoint/instance-key.js';
import { hiddenTools } from '../../policy/index.js';
import type { App } from '../app.js';
import { sendSigned } from './signed.js';

const HiddenBody = Type.Object(
  {
    server: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' }),
    tools: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 2000 }),
  },
  { additionalProperties: false },
);

const SandboxBody = Type.Object(
  {
    server: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' }),
    command: Type.Array(Type.String({ maxLength: 100_000 }), { minItems: 1, maxItems: 1000 }),
    cwd: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: false },
);

/** Registers POST /v1/mcp/hidden and /v1/mcp/sandbox, signed like the agent routes (the proxy acts only on this instance's word). */
export function registerMcpRoutes(app: App, core: Core, key: InstanceKey): void {
  app.post('/v1/mcp/hidden', { config: { access: 'A' }, schema: { body: HiddenBody } }, async (req, reply) =>
    sendSigned(req, reply, key, { hidden: hiddenTools(await core.approver.listRules(), req.body.server, req.body.tools, new Date()) }),
  );
  // Signed too: the proxy runs the command it is given, so only this instance may give it one.
  app.post('/v1/mcp/sandbox', { config: { access: 'A' }, schema: { body: SandboxBody } }, async (req, reply) =>
    sendSigned(req, reply, key, await core.containServer({ name: req.body.server, argv: req.body.command, cwd: req.body.cwd })),
  );
}
