// The MCP proxy's one extra question (agent token): which of a server's tools deny rules hide from the model. It
// answers only for the names it is given, so the agent learns nothing about the person's other rules.
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

/** Registers POST /v1/mcp/hidden, signed like the agent routes (the proxy lists a tool only on this instance's word). */
export function registerMcpRoutes(app: App, core: Core, key: InstanceKey): void {
  app.post('/v1/mcp/hidden', { config: { access: 'A' }, schema: { body: HiddenBody } }, async (req, reply) =>
    sendSigned(req, reply, key, { hidden: hiddenTools(await core.approver.listRules(), req.body.server, req.body.tools, new Date()) }),
  );
}
