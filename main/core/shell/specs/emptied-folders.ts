// Options of build tools and test runners whose value is a folder the program empties or deletes before it writes
// there (issue 24 §4): `pytest --basetemp=DIR`, `cargo clean --target-dir DIR`, `vite build --outDir DIR`. Read by one
// check (checks/emptied-folders.ts) as `rm -rf DIR` would be: the hard denies, the tamper guard and the write tiers.

/** One program (or subcommand) that empties a folder an option (or an environment variable) names. */
interface Emptier {
  /** The subcommand it must be given (`cargo clean`, `vite build`), or none. */
  sub?: string;
  /** The options whose value is the folder: `--long` takes `--long=V` or `--long V`, `-x` takes `-x V` or `-xV`. */
  options: readonly string[];
  /** Flags of which one must be given for the folder to be emptied (`hugo --cleanDestinationDir`); none: always. */
  when?: readonly string[];
  /** An environment variable naming the same folder (`CARGO_TARGET_DIR=~ cargo clean`). */
  env?: string;
}

/** From each program's manual: the folder it clears first. */
const EMPTIERS: Readonly<Record<string, readonly Emptier[]>> = {
  // pytest deletes its base temporary folder, whatever it holds, at the start of every run.
  pytest: [{ options: ['--basetemp'] }],
  'py.test': [{ options: ['--basetemp'] }],
  // cargo clean deletes the whole target folder.
  cargo: [{ sub: 'clean', options: ['--target-dir'], env: 'CARGO_TARGET_DIR' }],
  // vite empties outDir (outside the project root when told to), as astro and docusaurus empty theirs.
  vite: [{ sub: 'build', options: ['--outDir'] }],
  astro: [{ sub: 'build', options: ['--outDir'] }],
  docusaurus: [{ sub: 'build', options: ['--out-dir'] }],
  // hugo and jekyll clean their destination; mkdocs cleans its site folder unless --dirty.
  hugo: [{ options: ['-d', '--destination'], when: ['--cleanDestinationDir'] }],
  jekyll: [{ sub: 'build', options: ['-d', '--destination'] }],
  mkdocs: [{ sub: 'build', options: ['-d', '--site-dir'] }],
  // webpack's --output-clean and tsup's --clean empty the output folder first.
  webpack: [{ options: ['-o', '--output-path'], when: ['--output-clean'] }],
  'webpack-cli': [{ options: ['-o', '--output-path'], when: ['--output-clean'] }],
  tsup: [{ options: ['-d', '--out-dir'], when: ['--clean'] }],
  // jest --clearCache deletes its cache folder.
  jest: [{ options: ['--cacheDirectory'], when: ['--clearCache'] }],
};

/** One folder a command empties: the argv index of the word that names it (-1 for an environment variable), its value and option. */
export interface EmptiedFolder {
  index: number;
  path: string;
  option: string;
}

/** Whether a flag is given (`--emptyOutDir`, `--emptyOutDir=true`). */
function given(argv: readonly string[], flag: string): boolean {
  return argv.some((w) => w === flag || (w.startsWith(`${flag}=`) && !/=(false|0|no)$/i.test(w)));
}

/** The value each spelling of `option` carries in argv, with the index of the word that holds it. */
function valuesOf(argv: readonly string[], option: string): Array<{ index: number; path: string }> {
  const out: Array<{ index: number; path: string }> = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') break;
    if (w === option && i + 1 < argv.length) out.push({ index: i + 1, path: argv[i + 1]! });
    else if (option.startsWith('--') && w.startsWith(`${option}=`)) out.push({ index: i, path: w.slice(option.length + 1) });
    else if (!option.startsWith('--') && w.startsWith(option) && !w.startsWith('--') && w.length > option.length) out.push({ index: i, path: w.slice(option.length) });
  }
  return out;
}

/** The folders `argv` (with its `NAME=value` environment) empties before writing, from the spec data above. */
export function emptiedFolders(argv: readonly string[], env: ReadonlyArray<{ name: string; value: string }>): EmptiedFolder[] {
  const out: EmptiedFolder[] = [];
  for (const e of EMPTIERS[argv[0] ?? ''] ?? []) {
    // The subcommand among the words (`vite --outDir ~ build` names it after an option's value).
    if (e.sub !== undefined && !argv.includes(e.sub)) continue;
    if (e.when !== undefined && !e.when.some((f) => given(argv, f))) continue;
    for (const o of e.options) for (const v of valuesOf(argv, o)) if (v.path !== '') out.push({ ...v, option: o });
    const fromEnv = e.env === undefined ? undefined : env.findLast((x) => x.name === e.env);
    if (fromEnv !== undefined && fromEnv.value !== '' && !e.options.some((o) => valuesOf(argv, o).length > 0)) out.push({ index: -1, path: fromEnv.value, option: e.env! });
  }
  return out;
}
