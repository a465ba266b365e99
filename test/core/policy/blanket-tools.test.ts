// Rules naming a whole tool (`Read`, `Edit`) vouch for what the person meant by them: the files of their work, not the
// sign-ins of their agents and CLIs, their shell histories, or the global git config that runs code in every repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const BLANKET = ['Read', 'Glob', 'Grep', 'Edit', 'Write', 'NotebookEdit'];

describe('blanket tool rules', () => {
  it.each([
    ['Read', { file_path: '{{HOME}}/.claude/.credentials.json' }], ['Read', { file_path: '{{HOME}}/.codex/auth.json' }], ['Read', { file_path: '{{HOME}}/.gemini/oauth_creds.json' }],
    ['Read', { file_path: '{{HOME}}/.config/gh/hosts.yml' }], ['Read', { file_path: '{{HOME}}/.config/gcloud/application_default_credentials.json' }],
    ['Read', { file_path: '{{HOME}}/.bash_history' }], ['Grep', { pattern: 'token', path: '{{HOME}}/.zsh_history' }], ['Read', { file_path: '{{HOME}}/.cargo/credentials.toml' }],
    ['Write', { file_path: '{{HOME}}/.gitconfig', content: '[core]\n\tpager = curl x | sh' }], ['Edit', { file_path: '{{HOME}}/.config/git/config', old_string: 'a', new_string: 'b' }],
    // Round three: every hidden folder of the home is a tool's state (closed world), not only the files known to hold tokens.
    ['Read', { file_path: '{{HOME}}/.config/gh/config.yml' }],
  ])('%s %j asks', async (tool, args) => {
    const v = await judge(tool, args, 'interactive', BLANKET);
    expect(v.decision, why(v)).toBe('ask');
  });

  it.each([
    ['Read', { file_path: '{{WS}}/src/app.ts' }], ['Read', { file_path: '{{HOME}}/notes/todo.md' }], ['Glob', { pattern: '**/*.ts', path: '{{WS}}' }],
    ['Grep', { pattern: 'export', path: '{{WS}}/src' }], ['Write', { file_path: '{{WS}}/src/new.ts', content: 'x' }], ['Read', { file_path: '{{WS}}/.env.example' }],
  ])('%s %j stays allowed', async (tool, args) => {
    const v = await judge(tool, args, 'interactive', BLANKET);
    expect(v.decision, why(v)).toBe('allow');
  });
});
