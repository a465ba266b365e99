// Answers the agent side believes only when signed: hooks, the TypeScript and Python clients and the MCP proxy check
// the signature with the public key in endpoint.json, so a program that takes the port after a crash cannot approve
// a call or unhide a tool.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type InstanceKey, NONCE_HEADER, SIGNATURE_HEADER } from '../../endpoint/instance-key.js';

/** Sends `value` as JSON, signed over the caller's nonce when it sent one. */
export function sendSigned(req: FastifyRequest, reply: FastifyReply, key: InstanceKey, value: unknown): FastifyReply {
  const body = JSON.stringify(value);
  const nonce = req.headers[NONCE_HEADER];
  if (typeof nonce === 'string' && nonce.length > 0 && nonce.length <= 128) reply.header(SIGNATURE_HEADER, key.sign(nonce, body));
  return reply.type('application/json; charset=utf-8').send(body);
}
