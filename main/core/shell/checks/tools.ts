// Options that turn everyday readers and tools into program runners: `rg --pre`, `man -P`, `sort --compress-program` …
import { flag } from '../findings.js';
import { longOption } from '../options.js';
import { wordSpan, type CheckInput } from './context.js';

interface Injection {
  /** Matches an option word (`--pre`, `--pre=x`, `-P`). */
  option: RegExp;
  risk: 'code-execution' | 'writes-file' | 'privilege' | 'outside-workspace';
  what: string;
  /** The option's value is a shell command (`man -P CMD`, `zip -TT CMD`), analyzed as such for what must be denied. */
  shell?: true;
}

// A search that follows symbolic links reads wherever they point (the fixture's `src/link-etc -> /etc`).
const FOLLOWS_LINKS = 'follows symbolic links, which can lead out of the workspace';

// A reader given its file names in a list (a file or stdin), which can name any file.
const LISTED = 'reads the files a list names, which can be any file';

const INJECTIONS: Record<string, Injection[]> = {
  rg: [
    { option: /^--pre(-glob)?(=|$)/, risk: 'code-execution', what: 'runs a preprocessor program on every file it searches' },
    { option: /^-[a-zA-Z]*L[a-zA-Z]*$/, risk: 'outside-workspace', what: FOLLOWS_LINKS },
    { option: longOption('follow'), risk: 'outside-workspace', what: FOLLOWS_LINKS },
    { option: /^--hostname-bin(=|$)/, risk: 'code-execution', what: 'runs a program to learn the host name' },
    // The workspace tiers ask before gitignored files (.env, secrets/) and .git/ are read; these switch rg's own skipping off.
    { option: /^(--hidden|-\.|-[a-zA-Z]*\.[a-zA-Z]*)$/, risk: 'outside-workspace', what: 'also searches hidden files and .git/' },
    { option: /^(-[a-zA-Z]*u[a-zA-Z]*|--unrestricted|--no-ignore(-[a-z-]+)?)$/, risk: 'outside-workspace', what: 'searches files the repository ignores (secrets, build output)' },
  ],
  grep: [
    { option: /^-[a-zA-Z]*R[a-zA-Z]*$/, risk: 'outside-workspace', what: FOLLOWS_LINKS },
    { option: longOption('dereference-recursive'), risk: 'outside-workspace', what: FOLLOWS_LINKS },
  ],
  find: [{ option: /^(-L|-follow)$/, risk: 'outside-workspace', what: FOLLOWS_LINKS }],
  ls: [{ option: /^-(?=[a-zA-Z]*R)(?=[a-zA-Z]*L)[a-zA-Z]+$/, risk: 'outside-workspace', what: FOLLOWS_LINKS }, { option: longOption([3, 'dereference']), risk: 'outside-workspace', what: FOLLOWS_LINKS }],
  tar: [
    { option: /^-[a-zA-Z]*h[a-zA-Z]*$/, risk: 'outside-workspace', what: 'archives what symbolic links point to, which can lie outside the workspace' },
    { option: longOption([3, 'dereference']), risk: 'outside-workspace', what: 'archives what symbolic links point to, which can lie outside the workspace' },
    { option: /^-g/, risk: 'writes-file', what: 'writes a bookkeeping file' },
    { option: longOption([5, 'listed-incremental'], 'index-file', 'volno-file'), risk: 'writes-file', what: 'writes a bookkeeping file' },
    { option: /^-T/, risk: 'outside-workspace', what: 'packs the files a list names, which can be any file' },
    { option: longOption('files-from'), risk: 'outside-workspace', what: 'packs the files a list names, which can be any file' },
  ],
  sort: [
    { option: longOption([2, 'compress-program']), risk: 'code-execution', what: 'runs a compression program' },
    { option: longOption('files0-from'), risk: 'outside-workspace', what: 'reads the files a list names, which can be any file' },
  ],
  // Copiers and archivers that take the names to read from a file or stdin: no rule sees which files those are.
  rsync: [{ option: longOption('files-from'), risk: 'outside-workspace', what: LISTED }],
  cpio: [{ option: /^(-[a-zA-Z]*[op][a-zA-Z]*|--create|--pass-through)$/, risk: 'outside-workspace', what: LISTED }],
  zip: [
    { option: /^(-TT|--unzip-command(=|$))/, risk: 'code-execution', what: 'runs a test command', shell: true },
    { option: /^(-@|--names-stdin)$/, risk: 'outside-workspace', what: LISTED },
  ],
  wc: [{ option: longOption('files0-from'), risk: 'outside-workspace', what: 'reads the files a list names, which can be any file' }],
  du: [{ option: longOption('files0-from'), risk: 'outside-workspace', what: 'reads the files a list names, which can be any file' }],
  man: [{ option: /^(-P|--pager(=|$)|-H|--html(=|$)|--browser)/, risk: 'code-execution', what: 'runs a pager or browser command', shell: true }],
  yq: [{ option: /^(-i|--inplace)$/, risk: 'writes-file', what: 'edits the file in place' }],
  date: [{ option: /^(-s|--set(=|$))/, risk: 'privilege', what: 'sets the system clock' }],
  docker: [
    { option: /^--privileged$|^--(pid|ipc|userns|uts)(=|$)|^--cap-add(=|$)/, risk: 'privilege', what: 'gives the container control over the host' },
    { option: /^(-v|--volume(=|$)|--mount(=|$))/, risk: 'privilege', what: 'mounts a host directory into the container' },
  ],
};
INJECTIONS['podman'] = INJECTIONS['docker']!;
INJECTIONS['egrep'] = INJECTIONS['grep']!;
INJECTIONS['fgrep'] = INJECTIONS['grep']!;

const INSTALLERS: Record<string, RegExp> = {
  npm: /^(install|i|ci|add|update|rebuild)$/, pnpm: /^(install|i|add|update)$/, yarn: /^(install|add)?$/, bun: /^(install|i|add)$/,
  pip: /^install$/, pip3: /^install$/, uv: /^(pip|add|sync)$/, cargo: /^install$/, go: /^(install|get)$/, gem: /^install$/, brew: /^install$/,
};

/** Programs with option-level checks in this module. */
export const TOOLS = new Set([...Object.keys(INJECTIONS), ...Object.keys(INSTALLERS)]);

/**
 * Flags options that make a tool run programs or write files, and package installs (whose install scripts run).
 * Threat: `rg --pre ./evil x`, `man -P 'sh -c …' ls`, `sort --compress-program=./x`, `docker run --privileged`,
 * `grep -R key src` through a link to /etc.
 */
export function checkTools(c: CheckInput): void {
  const argv = c.cmd.argv;
  const name = argv[0]!;
  for (const inj of INJECTIONS[name] ?? []) {
    argv.forEach((w, i) => {
      if (i === 0 || !inj.option.test(w)) return;
      if (name === 'docker' || name === 'podman') {
        const v = w.includes('=') ? w.slice(w.indexOf('=') + 1) : (argv[i + 1] ?? '');
        if (/^-v|^--volume|^--mount/.test(w) && !/(^|[=,])(\/|~|\$HOME)(:|,|$)|^\/(etc|root|home|Users|var|usr)\b|^~/.test(v)) return;
      }
      flag(c.f, inj.risk, `${name} ${w} ${inj.what}`, wordSpan(c, i));
      if (inj.shell) c.scripts.push({ text: w.includes('=') ? w.slice(w.indexOf('=') + 1) : (argv[i + 1] ?? ''), via: name });
    });
  }
  const installs = INSTALLERS[name];
  if (installs && installs.test(argv[1] ?? '')) {
    flag(c.f, 'code-execution', `${argv.slice(0, 2).join(' ')} installs packages whose install scripts run`, c.cmd.span, 'risk');
  }
}
