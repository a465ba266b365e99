// The server's routes by credential, for the authorization matrix and the fuzzer.

/** A request id that exists nowhere. */
export const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

/** Every approver route with a body that passes its schema, so that only the credential decides the status. */
export const P_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/v1/requests?status=pending'],
  ['POST', `/v1/requests/${ID}/decision`, { approved: true }],
  ['GET', `/v1/requests/${ID}/review`],
  ['GET', `/v1/requests/${ID}/suggest-rule`],
  ['GET', '/v1/rule-suggestions'],
  ['GET', '/v1/rules'],
  ['POST', '/v1/rules', { action: 'allow', pattern: 'Bash(git status)' }],
  ['PATCH', `/v1/rules/${ID}`, { enabled: false }],
  ['DELETE', `/v1/rules/${ID}`],
  ['POST', '/v1/rules/what-if', { action: 'allow', pattern: 'Bash(git status)' }],
  ['POST', '/v1/rules/import', { json: '{"permissions":{"allow":["Bash(ls:*)"]}}' }],
  ['GET', '/v1/rules/export'],
  ['GET', '/v1/presets'],
  ['POST', '/v1/presets/safe-defaults/apply'],
  ['GET', '/v1/session-approvals'],
  ['DELETE', `/v1/session-approvals/${ID}`],
  ['GET', '/v1/settings'],
  ['PATCH', '/v1/settings', { timeout_seconds: 300 }],
  ['GET', '/v1/audit?limit=5'],
  ['GET', '/v1/audit/stats'],
  ['GET', `/v1/audit/${ID}`],
  ['GET', '/v1/audit/export?format=ndjson'],
  ['GET', '/metrics'],
];
/** Every agent route with a valid body. */
export const A_ROUTES: Array<[string, string, unknown?]> = [
  ['POST', '/v1/requests', { tool_name: 'mcp__x__y', args: {} }],
  ['GET', `/v1/requests/${ID}`],
  ['POST', `/v1/requests/${ID}/withdraw`, {}],
  ['GET', '/v1/instance'],
  ['POST', '/v1/mcp/hidden', { server: 'fs', tools: ['read_file'] }],
  ['POST', '/v1/mcp/sandbox', { server: 'fs', command: ['true'], cwd: '/tmp' }],
];

