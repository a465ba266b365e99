// TypeBox schemas of every HTTP body, query and path parameter: validated before a handler runs (400 naming the field).
import { Type } from 'typebox';

const JsonObject = Type.Record(Type.String(), Type.Unknown());
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** Ids in paths: ULIDs and similar; anything else (NUL, slashes, odd Unicode) is a 400 before any lookup. */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z_-]{1,128}$' }) });

/** The body of an undo (preview unless apply; back_to_here takes every later call in the workspace back too). */
export const UndoBody = Type.Object(
  { back_to_here: Type.Optional(Type.Boolean()), apply: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** Preset names in paths. */
export const NameParams = Type.Object({ name: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) });

const Presentation = Type.Object({
  type: Type.Union([Type.Literal('text'), Type.Literal('diff'), Type.Literal('file_content'), Type.Literal('command'), Type.Literal('structured')]),
  content: Type.String(),
  language: Type.Optional(Type.String()),
  metadata: Type.Optional(JsonObject),
});

/** POST /v1/requests: a tool call (llm-do ApprovalRequest field names accepted as they are). */
export const SubmitBody = Type.Object({
  tool_name: Type.String({ minLength: 1, maxLength: 256 }),
  args: JsonObject,
  agent: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  session_id: Type.Optional(NullableString),
  cwd: Type.Optional(NullableString),
  description: Type.Optional(Type.String()),
  payload: Type.Optional(Type.String()),
  presentation: Type.Optional(Presentation),
  group_id: Type.Optional(Type.String()),
  required: Type.Optional(Type.Boolean()),
});

/** `?wait=SECONDS` on POST /v1/requests. */
export const WaitQuery = Type.Object({ wait: Type.Optional(Type.Number({ minimum: 0 })) });

/** A Claude Code hook event (PreToolUse / PermissionRequest); other fields pass through unchecked. */
export const HookEventBody = Type.Object({
  hook_event_name: Type.String(),
  tool_name: Type.String({ minLength: 1, maxLength: 256 }),
  tool_input: JsonObject,
  session_id: Type.Optional(Type.String()),
  cwd: Type.Optional(Type.String()),
  permission_suggestions: Type.Optional(Type.Array(Type.Unknown())),
});

/** An agent's session-end hook event: its session id, and the transcript where a refused call's reason may be read. */
export const SessionEndBody = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 256 }), transcript_path: Type.Optional(Type.String({ maxLength: 4096 })) });

const RuleAction = Type.Union([Type.Literal('allow'), Type.Literal('sandbox'), Type.Literal('deny'), Type.Literal('ask')]);
const RuleFields = {
  action: RuleAction,
  pattern: Type.String({ minLength: 1, maxLength: 4096 }),
  scope: Type.Optional(NullableString),
  enabled: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(NullableString),
  uses_left: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  note: Type.Optional(NullableString),
  source: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('preset'), Type.Literal('import')])),
};

/** A rule to create (or to test with what-if). */
export const RuleBody = Type.Object(RuleFields);

/** A partial rule update. */
export const RulePatchBody = Type.Partial(Type.Object(RuleFields));

/** POST /v1/requests/:id/decision. */
export const DecisionBody = Type.Object({
  approved: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 4096 })),
  scope: Type.Optional(Type.Union([Type.Literal('once'), Type.Literal('session'), Type.Literal('always')])),
  updated_args: Type.Optional(JsonObject),
  rule: Type.Optional(RuleBody),
  grant: Type.Optional(
    Type.Object(
      {
        kind: Type.Union([Type.Literal('call'), Type.Literal('file'), Type.Literal('workspace'), Type.Literal('prefix'), Type.Literal('shape'), Type.Literal('tool')]),
        value: Type.Optional(Type.String({ maxLength: 4096 })),
      },
      { additionalProperties: false },
    ),
  ),
});

/** POST /v1/rules/import. */
export const ImportBody = Type.Object({ json: Type.String({ maxLength: 512 * 1024 }) });

/** PATCH /v1/settings. */
export const SettingsPatchBody = Type.Partial(
  Type.Object({
    mode: Type.Union([Type.Literal('interactive'), Type.Literal('approve-all'), Type.Literal('strict')]),
    timeout_seconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
    timeout_outcome: Type.Union([Type.Literal('deny'), Type.Literal('no-decision')]),
    session_ttl_seconds: Type.Integer({ minimum: 0 }),
    retention_days: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    retention_max_entries: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    snapshot_retention_days: Type.Integer({ minimum: 1, maximum: 36_500 }),
    snapshot_max_mb: Type.Integer({ minimum: 1, maximum: 1_048_576 }),
    contain_unvouched: Type.Boolean(),
  }),
);

const RequestStatus = Type.Union(['pending', 'approved', 'denied', 'expired', 'cancelled'].map((s) => Type.Literal(s)));
const DecidedBy = Type.Union(['rule', 'user', 'session', 'mode', 'timeout', 'shutdown', 'policy'].map((s) => Type.Literal(s)));

/** Audit filters as query parameters. */
export const AuditQuery = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  agent: Type.Optional(Type.String()),
  session_id: Type.Optional(Type.String()),
  cwd: Type.Optional(Type.String()),
  tool_name: Type.Optional(Type.String()),
  status: Type.Optional(RequestStatus),
  decided_by: Type.Optional(DecidedBy),
  rule_id: Type.Optional(Type.String()),
  // Search text is words: control characters (a NUL would end the text inside SQLite's full-text parser) are refused.
  q: Type.Optional(Type.String({ maxLength: 1024, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  cursor: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

/** GET /v1/audit/export. */
export const ExportQuery = Type.Object({
  ...AuditQuery.properties,
  format: Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('ndjson')]),
});

/** GET /v1/requests?status=pending. */
export const ListRequestsQuery = Type.Object({ status: Type.Optional(Type.Literal('pending')) });

/** GET /login?code=…. */
export const LoginQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 256 }) });

/** POST /v1/login: the one-time code of a sign-in link. */
export const LoginBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

/** GET /v1/agents: one project folder to look at besides the user's config. */
export const AgentsQuery = Type.Object({ project: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) });

/** POST /v1/agents/connect: install or remove one agent's hook. */
export const AgentConnectBody = Type.Object(
  {
    agent: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }),
    action: Type.Union([Type.Literal('install'), Type.Literal('uninstall')]),
    project: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
