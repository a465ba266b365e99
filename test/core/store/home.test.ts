import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveHome } from '../../../main/core/store/index.js';

describe('resolveHome', () => {
  it.each<[string, NodeJS.ProcessEnv, NodeJS.Platform, string]>([
    ['GATEHOUSE_HOME wins', { GATEHOUSE_HOME: '/tmp/gh', XDG_CONFIG_HOME: '/x' }, 'linux', '/tmp/gh'],
    ['Linux default', {}, 'linux', '/home/u/.config/Gatehouse'],
    ['Linux XDG_CONFIG_HOME', { XDG_CONFIG_HOME: '/cfg' }, 'linux', '/cfg/Gatehouse'],
    ['a relative XDG_CONFIG_HOME is ignored (XDG spec)', { XDG_CONFIG_HOME: 'cfg' }, 'linux', '/home/u/.config/Gatehouse'],
    ['macOS', {}, 'darwin', '/home/u/Library/Application Support/Gatehouse'],
    ['Windows APPDATA', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u\\AppData\\Roaming\\Gatehouse'],
    ['an empty GATEHOUSE_HOME is unset', { GATEHOUSE_HOME: '  ' }, 'linux', '/home/u/.config/Gatehouse'],
  ])('%s', (_name, env, platform, expected) => {
    expect(resolveHome(env, platform, '/home/u')).toBe(expected);
  });

  it('reads the home folder from HOME off Windows, as os.homedir() does, and asks the OS only without one', () => {
    expect(resolveHome({ HOME: '/home/from-env' }, 'linux')).toBe('/home/from-env/.config/Gatehouse');
    expect(resolveHome({}, 'linux')).toBe(`${homedir()}/.config/Gatehouse`);
  });
});
