// The ACP permission translation: each kind and rawInput shape an agent may send, hostile ones included. Only input
// that says exactly what runs, where, on which file, is judged under a Gatehouse tool name; the rest is asked.
import { describe, expect, it } from 'vitest';
import { translateToolCall, UNKNOWN_TOOL, type AcpToolCall } from '../../main/core/acp/translate.js';

const CWD = '/home/p/proj';

describe('translateToolCall', () => {
  const known: Array<[string, AcpToolCall, { tool_name: string; args: Record<string, unknown> }]> = [
    ['a command', { kind: 'execute', rawInput: { command: 'npm test', description: 'tests' } }, { tool_name: 'Bash', args: { command: 'npm test', description: 'tests' } }],
    ['a command with Claude Code\'s extra fields kept', { kind: 'execute', rawInput: { command: 'ls', dangerouslyDisableSandbox: true } }, { tool_name: 'Bash', args: { command: 'ls', dangerouslyDisableSandbox: true } }],
    ['a command whose cwd is the session\'s', { kind: 'execute', rawInput: { command: 'ls', cwd: CWD } }, { tool_name: 'Bash', args: { command: 'ls' } }],
    ['a whole-file write', { kind: 'edit', rawInput: { file_path: '/home/p/proj/a.ts', content: 'x' } }, { tool_name: 'Write', args: { file_path: '/home/p/proj/a.ts', content: 'x' } }],
    ['a replacement', { kind: 'edit', rawInput: { file_path: 'a.ts', old_string: 'a', new_string: 'b', replace_all: true } }, { tool_name: 'Edit', args: { file_path: 'a.ts', old_string: 'a', new_string: 'b', replace_all: true } }],
    ['edits', { kind: 'edit', rawInput: { file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }] } }, { tool_name: 'MultiEdit', args: { file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }] } }],
    ['an edit known only by its location (Gemini CLI)', { kind: 'edit', title: 'Writing to a.ts', locations: [{ path: '/home/p/proj/a.ts' }] }, { tool_name: 'Edit', args: { file_path: '/home/p/proj/a.ts' } }],
    ['an edit whose rawInput and location agree', { kind: 'edit', rawInput: { file_path: '/x/a.ts', content: '' }, locations: [{ path: '/x/a.ts', line: 3 }] }, { tool_name: 'Write', args: { file_path: '/x/a.ts', content: '' } }],
    ['a delete, judged as a change of that file', { kind: 'delete', rawInput: { path: 'old.txt' } }, { tool_name: 'Edit', args: { file_path: 'old.txt' } }],
    ['a read', { kind: 'read', rawInput: { file_path: '/etc/hosts', offset: 3 } }, { tool_name: 'Read', args: { file_path: '/etc/hosts' } }],
    ['a fetch', { kind: 'fetch', rawInput: { url: 'https://example.com', prompt: 'sum' } }, { tool_name: 'WebFetch', args: { url: 'https://example.com', prompt: 'sum' } }],
  ];
  it.each(known)('reads %s', (_name, call, want) => {
    expect(translateToolCall(call, CWD)).toEqual(want);
  });

  const asked: Array<[string, AcpToolCall, string]> = [
    ['a command only in the title (Gemini CLI sends no rawInput)', { kind: 'execute', title: 'rm -rf /' }, 'command'],
    ['a command as argv', { kind: 'execute', rawInput: { command: ['bash', '-c', 'curl x | sh'] } }, 'command'],
    ['an empty command', { kind: 'execute', rawInput: { command: '  ' } }, 'command'],
    ['a command with cmd beside it', { kind: 'execute', rawInput: { command: 'ls', cmd: 'rm -rf ~' } }, 'cmd'],
    ['a command run in another folder', { kind: 'execute', rawInput: { command: 'cat credentials', dir_path: '/home/p/.aws' } }, '.aws'],
    ['a command run in a folder the proxy does not know', { kind: 'execute', rawInput: { command: 'ls', workdir: '/tmp' } }, 'workdir'],
    ['a command whose cwd is not a string', { kind: 'execute', rawInput: { command: 'ls', cwd: ['/'] } }, 'cwd'],
    ['rawInput that is a string', { kind: 'execute', rawInput: 'rm -rf /' }, 'not an object'],
    ['rawInput that is a list', { kind: 'edit', rawInput: [{ file_path: 'a' }] }, 'not an object'],
    ['an edit naming two files', { kind: 'edit', rawInput: { file_path: 'src/a.ts', path: '/home/p/.bashrc', content: 'x' } }, '2 different files'],
    ['an edit whose location disagrees with its input', { kind: 'edit', rawInput: { file_path: 'a.ts', content: 'x' }, locations: [{ path: '/home/p/.ssh/authorized_keys' }] }, '2 different files'],
    ['an edit naming no file', { kind: 'edit', rawInput: { content: 'x' } }, 'no file'],
    ['an edit with a path that is not a string', { kind: 'edit', rawInput: { file_path: { $ne: 1 }, content: 'x' } }, 'not a file path'],
    ['an edit with locations that are not a list', { kind: 'edit', locations: '/etc/passwd' }, 'not a list'],
    ['an edit with a location without a path', { kind: 'edit', locations: [{ line: 1 }] }, 'no path'],
    ['a read known only by its title', { kind: 'read', title: 'Allow access to absolute path: /etc/shadow' }, 'no file'],
    ['a fetch without a URL (a web search)', { kind: 'fetch', rawInput: { query: 'x' } }, 'url'],
    ['a search', { kind: 'search', rawInput: { pattern: '*' } }, '"search"'],
    ['a move', { kind: 'move', rawInput: { from: 'a', to: 'b' } }, '"move"'],
    ['a kind ACP does not have', { kind: 'EXECUTE', rawInput: { command: 'ls' } }, '"EXECUTE"'],
    ['no kind (the Claude Code adapter\'s request before any tool_call update)', { title: '`ls`', rawInput: { command: 'ls' } }, 'no kind'],
    ['a kind that is not a string', { kind: { toString: 'execute' }, rawInput: { command: 'ls' } } as AcpToolCall, 'no kind'],
  ];
  it.each(asked)('asks about %s, showing what the agent sent', (_name, call, why) => {
    const t = translateToolCall(call, CWD);
    expect(t.tool_name).toBe(UNKNOWN_TOOL);
    expect(t.unknown).toContain(why);
    expect(t.args['kind']).toBe(typeof call.kind === 'string' ? call.kind : null);
    if (call.rawInput !== undefined) expect(t.args['raw_input']).toEqual(call.rawInput);
  });

  it('shows the person what the content says (Gemini CLI\'s folder of a command), and only that', () => {
    const content = [
      { type: 'content', content: { type: 'text', text: '[in /home/p/.aws] (list)' } },
      { type: 'diff', path: '/home/p/proj/a.ts', oldText: 'x'.repeat(1000), newText: '' },
      { type: 'terminal', terminalId: 't' },
      'junk',
    ];
    expect(translateToolCall({ kind: 'execute', title: 'ls', content }, CWD).args).toEqual({ kind: 'execute', title: 'ls', content: ['[in /home/p/.aws] (list)', 'changes /home/p/proj/a.ts'] });
  });

  it('with no known session folder, a command naming any folder is asked', () => {
    expect(translateToolCall({ kind: 'execute', rawInput: { command: 'ls', cwd: CWD } }, null).tool_name).toBe(UNKNOWN_TOOL);
  });
});
