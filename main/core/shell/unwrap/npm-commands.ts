// npm's command names and aliases: npm runs any unambiguous prefix of one (`npm pub` is `npm publish`, `npm x` is `npm exec`).

// npm 10's commands and aliases (lib/utils/cmd-list.js): npm runs any unambiguous prefix of one of them.
const NPM_COMMANDS = [
  'access', 'adduser', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deprecate', 'diff', 'dist-tag', 'docs',
  'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help', 'help-search', 'hook', 'init', 'install',
  'install-ci-test', 'install-test', 'link', 'll', 'login', 'logout', 'ls', 'org', 'outdated', 'owner', 'pack', 'ping', 'pkg',
  'prefix', 'profile', 'prune', 'publish', 'query', 'rebuild', 'repo', 'restart', 'root', 'run-script', 'sbom', 'search', 'set',
  'shrinkwrap', 'star', 'stars', 'start', 'stop', 'team', 'test', 'token', 'uninstall', 'unpublish', 'unstar', 'update',
  'version', 'view', 'whoami',
];
const NPM_ALIASES: Record<string, string> = {
  add: 'install', i: 'install', in: 'install', ins: 'install', inst: 'install', insta: 'install', instal: 'install', isnt: 'install',
  isnta: 'install', isntal: 'install', isntall: 'install', it: 'install-test', cit: 'install-ci-test', sit: 'install-ci-test',
  ic: 'ci', 'clean-install': 'ci', 'install-clean': 'ci', 'isntall-clean': 'ci', 'clean-install-test': 'install-ci-test',
  c: 'config', author: 'owner', create: 'init', innit: 'init', ddp: 'dedupe', 'dist-tags': 'dist-tag', find: 'search', s: 'search',
  se: 'search', hlep: 'help', home: 'docs', info: 'view', show: 'view', v: 'view', issues: 'bugs', la: 'll', list: 'ls',
  ln: 'link', r: 'uninstall', remove: 'uninstall', rm: 'uninstall', un: 'uninstall', unlink: 'uninstall', rb: 'rebuild',
  run: 'run-script', rum: 'run-script', urn: 'run-script', t: 'test', tst: 'test', up: 'update', upgrade: 'update',
  udpate: 'update', verison: 'version', why: 'explain', x: 'exec', 'add-user': 'adduser',
};
const NPM_NAMES = [...NPM_COMMANDS, ...Object.keys(NPM_ALIASES)];

/** The npm command a word runs (`pub` → `publish`, `rm` → `uninstall`), or the word itself. */
export function npmCommand(word: string): string {
  if (NPM_COMMANDS.includes(word)) return word;
  const alias = NPM_ALIASES[word];
  if (alias !== undefined) return alias;
  const hits = NPM_NAMES.filter((n) => n.startsWith(word));
  return hits.length === 1 ? (NPM_ALIASES[hits[0]!] ?? hits[0]!) : word;
}

