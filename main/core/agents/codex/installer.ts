// Codex: PreToolUse and PostToolUse hooks in hooks.json (user: CODEX_HOME or ~/.codex; project: DIR/.codex) plus their trust entries in
// CODEX_HOME/config.toml, edited surgically (one marked block appended, validated with smol-toml) so the person's
// comments and layout stay as they were.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { ConfigError } from '../config-file.js';
import { isPlainObject } from '../hook-agent.js';
import { addHook, findOurs, parseSettings, removeHook } from '../json-hooks.js';
import { isGatehouseHook, projectDir, type AgentInstaller, type HookWarning, type InstallContext } from '../installer.js';
import { trustHash, trustKey } from './trust.js';

const isOurs = isGatehouseHook('codex');
/** The events the hook is installed on: PreToolUse decides, PostToolUse says the call ran (its after-snapshot). */
const EVENTS = [
  { event: 'PreToolUse', snake: 'pre_tool_use' },
  { event: 'PostToolUse', snake: 'post_tool_use' },
] as const;
const MARK = '# gatehouse: trusts its hook (Codex skips untrusted hooks); `gatehouse uninstall codex` removes this block';
const BLOCK = new RegExp(`\\n?${MARK.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}\\n\\[hooks\\.state\\.[^\\n]*\\]\\ntrusted_hash = "[^"\\n]*"\\n`, 'g');

/** CODEX_HOME (user config and trust live there whatever the scope). */
export function codexHome(ctx: InstallContext): string {
  return ctx.env.CODEX_HOME || join(ctx.userHome, '.codex');
}

/** The folder whose hooks.json carries the hook. */
function hooksDir(ctx: InstallContext): string {
  return ctx.scope.kind === 'project' ? join(projectDir(ctx.scope), '.codex') : codexHome(ctx);
}

/** config.toml parsed, or a ConfigError. */
function parseConfig(text: string, path: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`${path} does not parse (${(err as Error).message.split('\n')[0]}); nothing was written`);
  }
}

/** The trusted_hash config.toml holds for a key, if any. */
function trustedHash(config: Record<string, unknown>, key: string): unknown {
  const hooks = config['hooks'];
  const state = isPlainObject(hooks) ? hooks['state'] : undefined;
  const entry = isPlainObject(state) ? state[key] : undefined;
  return isPlainObject(entry) ? entry['trusted_hash'] : undefined;
}

/** Installs and removes the Codex hook and its trust entry. */
export const codexInstaller: AgentInstaller = {
  supportsHttp: false,
  detected: (ctx) => existsSync(codexHome(ctx)),
  edits(ctx) {
    const dir = hooksDir(ctx);
    const hooksPath = join(dir, 'hooks.json');
    const home = codexHome(ctx);
    return [
      {
        path: hooksPath,
        root: dir,
        format: 'json',
        add(text, c) {
          let out = text ?? '';
          for (const { event } of EVENTS) {
            const added = addHook(out, hooksPath, event, { hooks: [{ type: 'command', command: c.command, timeout: 600 }] }, isOurs);
            c.state[`codexGroup:${event}`] = added.group;
            out = added.text;
          }
          return out;
        },
        remove: (text) => [...EVENTS].reverse().reduce((t, { event }) => removeHook(t, hooksPath, event, isOurs), text),
      },
      {
        path: join(home, 'config.toml'),
        root: home,
        format: 'toml',
        add(text, c) {
          const current = text ?? '';
          const config = parseConfig(current, this.path);
          let next = current;
          for (const { event, snake } of EVENTS) {
            const key = trustKey(hooksPath, snake, c.state[`codexGroup:${event}`] as number, 0);
            const hash = trustHash(snake, { hooks: [{ command: c.command, timeout: 600 }] });
            const held = trustedHash(config, key);
            if (held === hash) continue;
            if (held !== undefined) throw new ConfigError(`${this.path} already trusts another hook at ${key}; remove that [hooks.state] entry first`);
            const block = `${MARK}\n[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = ${JSON.stringify(hash)}\n`;
            next = `${next}${next === '' || next.endsWith('\n') ? '' : '\n'}${next === '' ? '' : '\n'}${block}`;
          }
          parseConfig(next, this.path);
          return next;
        },
        remove(text) {
          const next = text.replace(BLOCK, '');
          parseConfig(next, this.path);
          return next;
        },
      },
    ];
  },
  warnings(ctx, texts) {
    const warnings: HookWarning[] = [];
    const hooksPath = join(hooksDir(ctx), 'hooks.json');
    const configPath = join(codexHome(ctx), 'config.toml');
    const hooksText = texts.get(hooksPath);
    if (!hooksText) return warnings;
    let settings: Record<string, unknown>;
    let config: Record<string, unknown>;
    try {
      settings = parseSettings(hooksText, hooksPath);
      config = parseConfig(texts.get(configPath) ?? '', configPath);
    } catch (err) {
      return [{ path: configPath, why: (err as Error).message }];
    }
    for (const { event, snake } of EVENTS) {
      for (const [group, hook] of findOurs(settings, event, isOurs)) {
        const entry = ((settings['hooks'] as Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout?: number }> }>>)[event]!)[group]!;
        if (trustedHash(config, trustKey(hooksPath, snake, group, hook)) !== trustHash(snake, entry)) {
          warnings.push({ path: configPath, why: `Codex would skip the ${event} hook in ${hooksPath}: it is not trusted in ${configPath} (run \`gatehouse install codex\` again)` });
        }
      }
    }
    if (ctx.scope.kind === 'project') {
      const projects = config['projects'];
      const p = isPlainObject(projects) ? projects[projectDir(ctx.scope)] : undefined;
      if (!isPlainObject(p) || p['trust_level'] !== 'trusted') warnings.push({ path: configPath, why: `Codex loads project hooks only in a trusted project; trust ${projectDir(ctx.scope)} in Codex` });
    }
    return warnings;
  },
};
