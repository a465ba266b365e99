// The seam between the broker/service and the policy, shell analysis and review: every call into those layers
// goes through here, so the rest of the core depends on a handful of functions, not on their modules.
import { homedir } from 'node:os';
import type { Review, RuleSuggestion } from '../../../common/api.js';
import type { CoreSettings, Rule, ToolRequest, Verdict } from '../../../common/domain.js';
import { describeGrant } from '../../../common/grants.js';
import {
  blanketReason, decide, grantableWrites, grantChoices, grantFromChoice, grantPattern, joinPatterns, parseRulePattern, payloadFingerprint, ruleMatchesRequest, suggestRulePattern, toolFamily,
  workspaceProblem, writePattern,
} from '../policy/index.js';
import { buildReview } from '../review/review.js';
import { shellCommandOf } from '../review/shell-command.js';
import { analyzeShellCommand, initShellParser } from '../shell/index.js';
import type { ShellAnalysis } from '../shell/types.js';
import { createRedactor } from '../store/index.js';
import type { Store } from '../store/types.js';
import type { ApproverPorts } from './approver-service.js';
import { InputError } from './errors.js';

/** The command prefix a session grant can offer: the suggested rule's prefix, or the whole of a single command. */
function commandPrefix(pattern: string, analysis: ShellAnalysis | undefined): string | null {
  if (analysis?.commands.length !== 1) return null;
  const m = /^Bash\((.+):\*\)$/.exec(pattern);
  if (m?.[1]) return m[1];
  const argv = analysis.commands[0]?.argv ?? [];
  return argv.length > 0 ? argv.join(' ') : null;
}

/** Everything the core needs from the policy side. */
export interface PolicyPorts extends Omit<ApproverPorts, 'agents' | 'undo' | 'sandbox'> {
  evaluate(request: ToolRequest, store: Store, settings: CoreSettings): Promise<Verdict>;
  /** Why a folder cannot be a workspace (a grant's or an "always" rule's scope), or null for a project folder. */
  workspaceProblem(dir: string): string | null;
}

/** Loads the shell grammar once and returns the ports bound to this Gatehouse home. */
export async function createPolicyPorts(opts: { home: string; now: () => Date }): Promise<PolicyPorts> {
  await initShellParser();
  const userHome = homedir();
  const redactor = createRedactor();
  const notWorkspace = (dir: string): string | null => workspaceProblem(dir, userHome);

  const analysisOf = (request: ToolRequest): ShellAnalysis | undefined => {
    const command = toolFamily(request.tool_name) === 'shell' ? shellCommandOf(request.args) : null;
    return command === null ? undefined : analyzeShellCommand(command, { cwd: request.cwd ?? userHome, home: userHome });
  };

  // What-if re-reads thousands of past commands, many of them repeats.
  const analyses = new Map<string, ShellAnalysis | undefined>();
  const analysisCached = (request: ToolRequest): ShellAnalysis | undefined => {
    const key = `${request.cwd}\0${JSON.stringify(request.args['command'])}`;
    if (!analyses.has(key)) {
      if (analyses.size > 10_000) analyses.clear();
      analyses.set(key, analysisOf(request));
    }
    return analyses.get(key);
  };

  // The workspace files a shell command writes that Edit rules may cover, judged by name (the grant check probes them).
  const writesOf = (request: ToolRequest, analysis: ShellAnalysis | undefined): string[] | null => {
    if (analysis === undefined || request.cwd === null) return analysis === undefined ? [] : null;
    return grantableWrites(analysis, { cwd: request.cwd, home: userHome, gatehouseHome: opts.home, paths: new Map() });
  };

  /** Why allow rules of these patterns alone would not allow the request (every command of a chain, tiers), or null. */
  const uncovered = async (request: ToolRequest, patterns: readonly string[]): Promise<string | null> => {
    const at = opts.now();
    const rules = patterns.map((pattern): Rule => ({
      id: 'grant-check', action: 'allow', pattern, scope: null, enabled: true, expires_at: null, uses_left: null, note: null,
      created_at: at.toISOString(), last_used_at: null, hit_count: 0, source: 'user',
    }));
    const verdict = await decide(request, { rules, sessionApprovals: [], mode: 'interactive', home: userHome, gatehouseHome: opts.home, now: at });
    return verdict.decision === 'allow' ? null : verdict.reasons[0] ?? 'it would still ask';
  };

  return {
    async evaluate(request, store, settings) {
      const at = opts.now();
      return decide(request, {
        rules: store.rulesSnapshot(),
        sessionApprovals: store.listSessionApprovals(at),
        mode: settings.mode,
        home: userHome,
        gatehouseHome: opts.home,
        now: at,
        containUnvouched: settings.contain_unvouched,
      });
    },
    review: (request): Promise<Review> =>
      buildReview(request, {
        analyzeShell: analyzeShellCommand,
        redact: (v) => redactor.value(v),
        home: userHome,
      }),
    workspaceProblem: notWorkspace,
    suggest(request): RuleSuggestion {
      const analysis = analysisOf(request);
      const writes = writesOf(request, analysis);
      const s = suggestRulePattern(request, analysis, userHome, writes);
      // The agent's cwd is the rule's workspace only when it is a project folder: never the home or `/`.
      const problem = request.cwd === null ? 'is not given' : notWorkspace(request.cwd);
      const scope = problem === null ? request.cwd : null;
      // A grant over volatile words is one command's pattern (`kill <pid>`), as a prefix grant is.
      const shape = s.general && s.general.also.length === 0 && analysis?.commands.length === 1 ? /^Bash\((.+)\)$/.exec(s.general.pattern)?.[1] ?? null : null;
      const grants = grantChoices(request, commandPrefix(s.pattern, analysis), notWorkspace, writes, shape);
      const suggestion: RuleSuggestion = { pattern: s.pattern, scope, broad: s.broad || problem !== null, grants };
      if (s.writes) suggestion.writes = s.writes;
      if (s.also) suggestion.also = s.also;
      if (s.general) suggestion.general = s.general;
      const warnings = [...(s.warning ? [s.warning] : []), ...(problem === null ? [] : [`the agent's working directory ${request.cwd ?? ''} ${problem}, so it is no workspace to limit the rule to: it would hold everywhere`])];
      if (warnings.length > 0) suggestion.warning = warnings.join('; ');
      return suggestion;
    },
    async grantFor(request, input) {
      const grant = grantFromChoice(request, input, notWorkspace);
      if (grant === null) throw new InputError(`grant: "${input?.kind}" does not fit this ${request.tool_name} request`);
      // A command prefix or shape comes with the files the command writes (`npm test > log.txt`): an Edit grant for exactly each.
      const writes = grant.kind === 'prefix' || grant.kind === 'shape' ? writesOf(request, analysisOf(request)) ?? [] : [];
      const summary = describeGrant(request.tool_name, grant, writes);
      let patterns: string[];
      try {
        const pattern = grantPattern(request.tool_name, grant);
        if (pattern === null) return { kind: grant.kind, payload: payloadFingerprint(request.tool_name, request.args), summary };
        patterns = [pattern, ...writes.map(writePattern)];
        for (const p of patterns) parseRulePattern(p);
      } catch (e) {
        throw new InputError(`grant: ${e instanceof Error ? e.message : String(e)}`);
      }
      // A grant must cover the call the person reviewed, judged as allow rules would be (every command of a chain, tiers).
      const why = await uncovered(request, patterns);
      if (why !== null) throw new InputError(`grant: ${summary} does not cover this request (${why})`);
      return { kind: grant.kind, payload: joinPatterns(patterns), summary };
    },
    async withoutUncovered(request, suggestion) {
      // The rules over volatile words are offered only when, with the files the command writes, they allow this call.
      const general = suggestion.general;
      if (general === undefined) return suggestion;
      const patterns = [general.pattern, ...general.also, ...(suggestion.writes ?? []).map(writePattern)];
      if ((await uncovered(request, patterns)) === null) return suggestion;
      const { general: _dropped, ...rest } = suggestion;
      return { ...rest, grants: suggestion.grants.filter((c) => c.grant.kind !== 'shape') };
    },
    validatePattern: (pattern) => {
      parseRulePattern(pattern);
    },
    whatIf: {
      async matches(rule: Rule, request: ToolRequest) {
        if (request.cwd === null) return false;
        try {
          // Past entries are judged lexically (no paths probed): the files may have changed or gone since.
          const workspace = { cwd: request.cwd, home: userHome, gatehouseHome: opts.home, paths: new Map() };
          return ruleMatchesRequest(rule, request, workspace, analysisCached(request));
        } catch {
          // An entry the analysis cannot read (stored redacted, truncated) is simply not counted as a match.
          return false;
        }
      },
      matchesEverything: blanketReason,
    },
  };
}
