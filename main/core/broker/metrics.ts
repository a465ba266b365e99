// Counters the core keeps for /metrics, with a tiny hand-written Prometheus text exposition (no global registry).
import type { DecisionStatus, Risk } from '../../../common/domain.js';

const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600];
const DANGEROUS: ReadonlySet<Risk['flag']> = new Set(['destructive', 'privilege', 'code-execution', 'obfuscation', 'tamper', 'sandbox-off']);

/** Per-core metrics: what happened to tool calls since the process started. */
export class Metrics {
  private consentRequired = 0;
  private authorizationFailures = 0;
  private dangerous = 0;
  private authFailures = { 401: 0, 403: 0 };
  private readonly requests: Record<DecisionStatus, number> = { approved: 0, denied: 0, expired: 0, cancelled: 0 };
  private readonly buckets = LATENCY_BUCKETS.map(() => 0);
  private latencyCount = 0;
  private latencySum = 0;

  /** A request arrived; `pending` when it needs a person. */
  onSubmitted(pending: boolean, risks: Risk[], hardDeny: boolean): void {
    if (pending) this.consentRequired++;
    if (hardDeny || risks.some((r) => DANGEROUS.has(r.flag))) this.dangerous++;
  }

  /** A request reached its final status; `refused` when the agent was told no. */
  onDecided(status: DecisionStatus, latencyMs: number, refused: boolean): void {
    this.requests[status]++;
    if (refused) this.authorizationFailures++;
    const seconds = latencyMs / 1000;
    this.latencyCount++;
    this.latencySum += seconds;
    LATENCY_BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.buckets[i]!++;
    });
  }

  /** An HTTP caller was turned away for its credential. */
  onAuthFailure(status: 401 | 403): void {
    this.authFailures[status]++;
  }

  /** The Prometheus text exposition (format 0.0.4). */
  render(): string {
    const lines: string[] = [];
    const counter = (name: string, help: string, samples: Array<[string, number]>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const [labels, v] of samples) lines.push(`${name}${labels} ${v}`);
    };
    counter('tool_consent_required_total', 'Tool calls that waited for a person to decide.', [['', this.consentRequired]]);
    counter('tool_authorization_failures_total', 'Tool calls refused (denied, or expired with the deny outcome).', [['', this.authorizationFailures]]);
    counter('dangerous_operations_detected_total', 'Tool calls flagged destructive, privileged, code-running, obfuscated or tampering.', [['', this.dangerous]]);
    counter(
      'gatehouse_requests_total',
      'Tool calls by final status.',
      Object.entries(this.requests).map(([status, v]) => [`{decision="${status}"}`, v]),
    );
    counter('gatehouse_http_auth_failures_total', 'HTTP calls turned away for a missing, wrong or insufficient credential.', [
      ['{status="401"}', this.authFailures[401]],
      ['{status="403"}', this.authFailures[403]],
    ]);
    const h = 'gatehouse_decision_latency_seconds';
    lines.push(`# HELP ${h} Time from a request's arrival to its final status.`, `# TYPE ${h} histogram`);
    LATENCY_BUCKETS.forEach((le, i) => lines.push(`${h}_bucket{le="${le}"} ${this.buckets[i]}`));
    lines.push(`${h}_bucket{le="+Inf"} ${this.latencyCount}`, `${h}_sum ${this.latencySum}`, `${h}_count ${this.latencyCount}`);
    return `${lines.join('\n')}\n`;
  }
}
