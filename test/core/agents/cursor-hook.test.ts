// The real `gatehouse hook cursor` against a real Gatehouse on 127.0.0.1, fed Cursor's documented payloads: a rule's
// allow and deny printed in Cursor's terms, an MCP call held for the person (its server cannot be named) and her
// reason given to the person and the model, and an edited approval of a shell command refused (Cursor's
// beforeShellExecution would run the original).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { makeWorkspace, nextEvent, startGatehouse, type TestGatehouse } from '../server/helpers.js';
import { BUILT, runCli } from '../cli/run-cli.js';

let ws: string;
let cleanupWs: () => void;
beforeAll(() => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
});
afterAll(() => cleanupWs());

const common = () => ({ conversation_id: 'conv-1', generation_id: 'gen-1', workspace_roots: [ws] });
const hook = (event: object, home: string) => runCli(['hook', 'cursor'], { stdin: JSON.stringify(event), env: { GATEHOUSE_HOME: home } });

describe.skipIf(!BUILT)('gatehouse hook cursor against a running Gatehouse', () => {
  let g: TestGatehouse;
  beforeAll(async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Read(./README.md)' });
  });
  afterAll(() => g.close());

  it('a shell command a rule allows → permission allow', async () => {
    const r = await hook({ ...common(), hook_event_name: 'beforeShellExecution', command: 'npm test', cwd: ws }, g.home);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ permission: 'allow' });
  });

  it('a read a rule denies → permission deny, with the rule in both messages', async () => {
    const r = await hook({ ...common(), hook_event_name: 'beforeReadFile', file_path: `${ws}/README.md`, content: 'whatever Cursor read' }, g.home);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({ permission: 'deny', user_message: expect.stringContaining('Read(./README.md)'), agent_message: out.user_message });
  });

  it('an MCP call waits for the person as an unknown tool; her reason reaches the model', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const run = hook({ ...common(), hook_event_name: 'beforeMCPExecution', tool_name: 'delete_repo', tool_input: '{"repo":"r"}', url: 'http://localhost:3000/mcp' }, g.home);
    const { record } = await pending;
    expect(record.request).toMatchObject({ agent: 'cursor', tool_name: 'cursor_mcp', session_id: 'conv-1' });
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: false, reason: 'not that repo' });
    expect(JSON.parse((await run).stdout)).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('not that repo') });
  });

  it('a shell command approved with an edit is denied (beforeShellExecution would run the unedited one)', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const run = hook({ ...common(), hook_event_name: 'beforeShellExecution', command: 'rm -rf build', cwd: ws }, g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, updated_args: { command: 'rm -r build' } });
    expect(JSON.parse((await run).stdout)).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('cannot run an edited call') });
  });
});
