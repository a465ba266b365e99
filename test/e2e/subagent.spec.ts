// A call a Claude Code subagent asks (its PreToolUse carries agent_id and agent_type) is labelled with the subagent in
// the queue row and in the History entry's detail.
import { expect, row, test } from './fixtures.js';

test('the queue row and the History detail say which subagent asked', async ({ app, gatehouse }) => {
  const event = {
    session_id: 'sess-sub',
    cwd: '/tmp',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'echo from-the-subagent' },
    agent_id: 'agent-7f3',
    agent_type: 'code-reviewer',
  };
  const answered = gatehouse.hook(event);
  const first = app.locator('.gh-queue-row').first();
  await expect(first).toContainText('echo from-the-subagent');
  await expect(first).toContainText('via subagent code-reviewer (agent-7f3)');
  const id = await first.getAttribute('data-request-id');
  await expect(row(app, id!)).toBeVisible();
  await app.keyboard.press('a');
  expect(await answered).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });

  await app.getByRole('link', { name: 'History' }).click();
  const entries = app.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');
  await entries.filter({ hasText: 'from-the-subagent' }).getByRole('button', { name: 'Open' }).click();
  await expect(app.getByRole('region', { name: 'Entry detail' })).toContainText('via subagent code-reviewer (agent-7f3)');
});
