// Issue 24, left over: a blanket `Bash(*)` rule vouched for reading a credential outside the workspace (`cat ~/.netrc`)
// because it skipped the read tiers. A blanket allow does not vouch for the secret and credential tier: such a read
// runs contained where the agent can run the contained command, and asks where it cannot (or where no sandbox runs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentKind } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { fixture, setUp, tearDown, why } from './closed-world-harness.js';
import { request, rulesOf } from './fixture.js';

beforeAll(setUp);
afterAll(tearDown);

const STAR = { allow: ['Bash(*)', 'Read'] };

function judge(command: string, agent: AgentKind, mode: 'interactive' | 'approve-all' = 'interactive') {
  const fx = fixture();
  const c = command.replaceAll('{{HOME}}', fx.home).replaceAll('{{WS}}', fx.ws);
  const rules = mode === 'interactive' ? rulesOf(STAR) : [];
  return decide({ ...request('Bash', { command: c }, fx.ws), agent }, { rules, sessionApprovals: [], mode, home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

const HOSTILE = ['cat ~/.netrc', 'cat {{HOME}}/.netrc', 'head -c 200 ~/.config/gh/hosts.yml', 'cat ~/.aws/credentials', 'grep -r token ~/.docker', 'cat /etc/shadow', 'cat .env', 'base64 ~/.netrc'];
const HARMLESS = ['cat README.md', 'ls src', 'cat ~/.ssh/id_ed25519.pub', 'grep -r TODO src', 'wc -l package.json'];

describe('a blanket Bash(*) rule and reads of the secret or credential tier', () => {
  it.each(HOSTILE)('%j: contained for an agent that runs the contained command (Claude Code)', async (command) => {
    const v = await judge(command, 'claude-code');
    expect(v.decision === 'ask' || (v.decision === 'allow' && v.contained !== undefined), why(v)).toBe(true);
  });
  it.each(HOSTILE)('%j: asks for an agent that cannot (Gemini CLI)', async (command) => {
    const v = await judge(command, 'gemini-cli');
    expect(v.decision, why(v)).toBe('ask');
  });
  it.each(HARMLESS)('%j: still allowed without asking, for both', async (command) => {
    for (const agent of ['claude-code', 'gemini-cli'] as const) {
      const v = await judge(command, agent);
      expect(v.decision, why(v)).toBe('allow');
    }
  });
});

describe('approve-all and reads of the secret or credential tier', () => {
  // A read only reads, but what it reads goes to the model: approve-all runs it contained, where the secret is unreadable.
  it.each(HOSTILE)('%j: contained (or asked), never run as it is', async (command) => {
    const v = await judge(command, 'claude-code', 'approve-all');
    expect(v.decision === 'ask' || (v.decision === 'allow' && v.contained !== undefined), why(v)).toBe(true);
  });
  it.each(HARMLESS)('%j: runs as it is', async (command) => {
    const v = await judge(command, 'claude-code', 'approve-all');
    expect(v.decision, why(v)).toBe('allow');
    expect(v.contained, why(v)).toBeUndefined();
  });
});
