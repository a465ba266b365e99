// The argument shapes of every IPC verb, checked in main before the core sees them (STYLE.md §6): the renderer
// is ours, but it renders agent-supplied text, so main treats its messages as input. The field schemas are the
// HTTP server's (one definition per shape); IPC adds "no unknown keys" and the argument count.
import Type, { type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ApiVerb } from '../../common/ipc.js';
import { AgentConnectBody, AgentsQuery, AuditQuery, DecisionBody, ExportQuery, IdParams, ImportBody, NameParams, RuleBody, RulePatchBody, SettingsPatchBody, UndoBody } from '../core/server/schemas.js';

const closed = (schema: TObject) => Type.Object(schema.properties, { additionalProperties: false });

const Id = IdParams.properties.id;
const Rule = closed(RuleBody);
const Filter = closed(AuditQuery);
const args = (...items: TSchema[]) => Type.Tuple(items);

/** The argument tuple of every verb; `satisfies` makes a verb added to API_VERBS fail typecheck until it is listed here. */
export const VERB_ARGS = {
  listPending: args(),
  getRequest: args(Id),
  getReview: args(Id),
  suggestRule: args(Id),
  repeatSuggestions: args(),
  decide: args(Id, Type.Object({ ...DecisionBody.properties, rule: Type.Optional(Rule) }, { additionalProperties: false })),
  listRules: args(),
  createRule: args(Rule),
  updateRule: args(Id, closed(RulePatchBody)),
  deleteRule: args(Id),
  whatIf: args(Rule),
  importClaudeSettings: args(ImportBody.properties.json),
  exportRules: args(),
  listPresets: args(),
  applyPreset: args(NameParams.properties.name),
  listSessionApprovals: args(),
  revokeSessionApproval: args(Id),
  listAgents: args(Type.Union([Type.Null(), AgentsQuery.properties.project])),
  connectAgent: args(AgentConnectBody),
  getSettings: args(),
  updateSettings: args(closed(SettingsPatchBody)),
  sandboxStatus: args(),
  queryAudit: args(Filter),
  getAuditEntry: args(Id),
  auditStats: args(Filter),
  undo: args(Id, UndoBody),
  undoSession: args(Id, UndoBody),
  exportAudit: args(Filter, ExportQuery.properties.format, Type.String({ minLength: 1, maxLength: 100 })),
} satisfies Record<ApiVerb | 'exportAudit', TSchema>;

const compiled = new Map(Object.entries(VERB_ARGS).map(([verb, schema]) => [verb, Compile(schema)]));

/** Checks one verb's arguments; returns a one-line reason when they do not fit, null when they do. */
export function checkArgs(verb: ApiVerb | 'exportAudit', values: unknown[]): string | null {
  const validator = compiled.get(verb);
  if (!validator) return `unknown verb ${verb}`;
  const expected = VERB_ARGS[verb].items.length;
  if (values.length !== expected) return `invalid ${verb} call: expected ${expected} argument(s), got ${values.length}`;
  if (validator.Check(values)) return null;
  const [first] = validator.Errors(values);
  if (!first) return `invalid arguments for ${verb}`;
  const where = first.instancePath === '' ? 'arguments' : `argument ${first.instancePath.replace(/^\//, '').replace(/\//g, '.')}`;
  return `invalid ${verb} call: ${where} ${first.message}`;
}
