// The offline OpenCode both real-agent suites run (`opencode run` under the plugin, `opencode serve` under the bridge):
// its config pointing at the scripted model, the plugin's dependency marked installed, and an environment that keeps
// it off models.dev, the npm registry and auto-update.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv } from './agents.js';

/** OpenCode's config folder under a test root (XDG_CONFIG_HOME/opencode). */
export const opencodeConfigDir = (root: string): string => join(root, 'xdg', 'config', 'opencode');

/**
 * Writes opencode.json (with $schema: OpenCode rewrites a config without one) naming the scripted model at `modelUrl`,
 * plus `extra` settings, and marks the plugin's one dependency installed so OpenCode does not try to install it.
 */
export function writeOpencodeConfig(root: string, modelUrl: string, extra: Record<string, unknown> = {}): void {
  const dir = opencodeConfigDir(root);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ packages: { '': { dependencies: { '@opencode-ai/plugin': '1.18.33' } } } }));
  const settings = {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    snapshot: false,
    model: 'mock/scripted',
    ...extra,
    provider: { mock: { npm: '@ai-sdk/openai-compatible', name: 'Mock', options: { baseURL: `${modelUrl}/v1`, apiKey: 'k' }, models: { scripted: { name: 'Scripted', tool_call: true } } } },
  };
  writeFileSync(join(dir, 'opencode.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** The offline environment: XDG folders under `root`, no auto-update, no models.dev, an unreachable registry. */
export function opencodeEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const xdg = (d: string) => join(root, 'xdg', d);
  return cleanEnv({
    XDG_CONFIG_HOME: xdg('config'),
    XDG_DATA_HOME: xdg('data'),
    XDG_CACHE_HOME: xdg('cache'),
    XDG_STATE_HOME: xdg('state'),
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER: '1',
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_offline: 'true',
    ...extra,
  });
}
