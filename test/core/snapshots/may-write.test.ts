// Which calls get a snapshot: only what the engine proves read-only goes without one (hostile spellings included).
import { describe, expect, it } from 'vitest';
import { mayWrite } from '../../../main/core/policy/index.js';

const call = (tool_name: string, args: Record<string, unknown>) => ({ id: 'r', received_at: '', agent: 'claude-code', session_id: null, cwd: '/tmp/ws', tool_name, args, payload: '' });
const bash = (command: string) => call('Bash', { command });

describe('mayWrite', () => {
  it.each([
    ['ls -la', false],
    ['cat a.txt | wc -l && git status', false],
    ['grep -r foo src > /dev/null', false],
    ['ls > listing.txt', true],
    ['echo hi >> notes.md', true],
    ['cat $(rm -f a.txt)', true],
    ['echo x | tee out.txt', true],
    ['sed -i s/a/b/ f', true],
    ['sed -n 1p f', false],
    ['git log --output=x', true],
    ['git commit -m x', true],
    ['bash -c "rm -rf build"', true],
    ['eval "$CMD"', true],
    ['ls; rm a', true],
    ['if true; then touch x; fi', true],
    ['sort -o out.txt in.txt', true],
    ['python3 -c "open(\'x\',\'w\')"', true],
    ['ls (', true],
  ])('%s → %s', async (command, writes) => expect(await mayWrite(bash(command), '/home/u')).toBe(writes));

  it('file writers, MCP and unknown tools may write; reads and fetches do not', async () => {
    expect(await mayWrite(call('Write', { file_path: '/tmp/ws/a', content: '' }), '/home/u')).toBe(true);
    expect(await mayWrite(call('replace', { file_path: '/tmp/ws/a', old_string: 'a', new_string: 'b' }), '/home/u')).toBe(true);
    expect(await mayWrite(call('mcp__fs__read_file', { path: 'a' }), '/home/u')).toBe(true);
    expect(await mayWrite(call('SomethingNew', {}), '/home/u')).toBe(true);
    expect(await mayWrite(call('Read', { file_path: '/tmp/ws/a' }), '/home/u')).toBe(false);
    expect(await mayWrite(call('WebFetch', { url: 'https://example.com', prompt: 'x' }), '/home/u')).toBe(false);
  });
});
