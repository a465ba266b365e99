// What the package exports for SDK apps resolves, under the package's own name, to the compiled client and adapters
// with their type declarations.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT } from '../core/cli/run-cli.js';

const exportsMap = JSON.parse(readFileSync('package.json', 'utf8')).exports as Record<string, { types: string; default: string } | string>;

describe.skipIf(!BUILT)('package exports', () => {
  it.each([
    ['gatehouse', 'GatehouseClient'],
    ['gatehouse/client', 'GatehouseClient'],
    ['gatehouse/adapters/ai-sdk', 'aiSdkGate'],
    ['gatehouse/adapters/openai-agents', 'openAiAgentsGate'],
    ['gatehouse/adapters/claude-agent-sdk', 'claudeAgentSdkGate'],
  ])('%s exports %s', (specifier, name) => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(specifier)}); process.stdout.write(typeof m[${JSON.stringify(name)}]);`], { encoding: 'utf8' });
    expect(out).toBe('function');
  });

  it('every export has its type declarations', () => {
    for (const [key, target] of Object.entries(exportsMap)) {
      if (typeof target === 'string') continue;
      expect(existsSync(target.types), key).toBe(true);
      expect(existsSync(target.default), key).toBe(true);
    }
  });
});
