// Gitignore-style path specifiers of `Read(...)`/`Edit(...)` rules (Claude Code's anchors: `//abs`, `~/home`, `/settings-relative`, `./` or bare relative).
import path from 'node:path';
import picomatch from 'picomatch';
import { FOLD_CASE_DEFAULT, relativeInside } from '../paths.js';

/** Where a specifier is anchored before its glob applies. */
interface CompiledSpec {
  anchor: 'root' | 'home' | 'base';
  /** Leading `../` segments: the anchor climbs this many directories. */
  ups: number;
  /** Empty when the specifier names the anchor itself. */
  glob: string;
  /** The glob's literal leading folders (`src` for `src/**`): a path outside them cannot match. */
  literal: string;
  test: ((rel: string) => boolean) | null;
}

// One memo per case mode: rules are matched thousands of times per second.
const caches = { fold: new Map<string, CompiledSpec>(), exact: new Map<string, CompiledSpec>() };

function compile(spec: string, fold: boolean): CompiledSpec {
  let s = spec.trim();
  let anchor: CompiledSpec['anchor'] = 'base';
  let anchored = true;
  if (s.startsWith('//')) {
    anchor = 'root';
    s = s.slice(2);
  } else if (s === '~' || s.startsWith('~/')) {
    anchor = 'home';
    s = s.slice(1);
  } else if (s.startsWith('/')) {
    s = s.slice(1);
  } else if (!s.startsWith('./') && !s.startsWith('../') && !s.replace(/\/+$/, '').includes('/')) {
    anchored = false; // gitignore: a name without a slash matches at any depth
  }
  const segs = s.split('/').filter((x) => x !== '' && x !== '.');
  let ups = 0;
  while (segs[0] === '..') {
    segs.shift();
    ups++;
  }
  const glob = segs.join('/');
  const full = glob === '' ? '' : anchored ? glob : `**/${glob}`;
  const test = full === '' ? null : picomatch([full, `${full}/**`], { dot: true, nocase: fold });
  const scanned = anchored && full !== '' ? picomatch.scan(full).base : '';
  const base = scanned.includes('\\') ? '' : scanned; // escaped glob characters: let picomatch decide
  return { anchor, ups, glob: full, literal: fold ? base.toLowerCase() : base, test };
}

function compiled(spec: string, fold: boolean): CompiledSpec {
  const cache = fold ? caches.fold : caches.exact;
  let c = cache.get(spec);
  if (c === undefined) {
    c = compile(spec, fold);
    if (cache.size >= 20_000) cache.clear();
    cache.set(spec, c);
  }
  return c;
}

/** The folder a compiled specifier is anchored at, for a path on `absPath`'s drive. */
function anchorOf(c: CompiledSpec, absPath: string, ctx: PathRuleContext): string {
  let root = c.anchor === 'root' ? (absPath.startsWith('/') ? '/' : path.parse(absPath).root) : c.anchor === 'home' ? ctx.home : ctx.base;
  for (let i = 0; i < c.ups; i++) root = path.dirname(root);
  return root;
}

/**
 * The deepest folder (or file) every path a specifier covers lies in: `./docs/**` → `<base>/docs`, `.env` → `<base>`
 * (a bare name matches at any depth). A search of the tree need look no further than below it.
 */
export function pathSpecRoot(spec: string, ctx: PathRuleContext): string {
  const c = compiled(spec, ctx.fold ?? FOLD_CASE_DEFAULT);
  const root = anchorOf(c, '/', ctx);
  return c.literal === '' ? root : path.join(root, c.literal);
}

/** Context a path rule is read in: its scope (or the request's cwd) and the user's home. */
export interface PathRuleContext {
  /** The rule's scope, or the request's cwd: where `./x`, `x` and `/x` are anchored. */
  base: string;
  home: string;
  fold?: boolean;
}

/**
 * Whether an absolute path is covered by a path specifier.
 * Threat: `Read(./.env)` must also catch `.env` spelled `/ws/./.env` or `/ws/src/../.env` — callers pass
 * normalized absolute paths, and a glob never matches outside its anchor.
 */
export function pathSpecMatches(spec: string, absPath: string, ctx: PathRuleContext): boolean {
  const fold = ctx.fold ?? FOLD_CASE_DEFAULT;
  const c = compiled(spec, fold);
  const root = anchorOf(c, absPath, ctx);
  const rel = relativeCached(absPath, root, fold);
  if (rel === null) return false;
  if (c.test === null) return true;
  if (c.literal !== '' && !startsWithSegments(fold ? rel.toLowerCase() : rel, c.literal)) return false;
  return c.test(rel);
}

function startsWithSegments(rel: string, literal: string): boolean {
  return rel === literal || rel.startsWith(`${literal}/`);
}

// The same (path, anchor) pair is asked about once per rule: remember the last answer.
let last = { abs: '', root: '', fold: false, rel: null as string | null };

function relativeCached(abs: string, root: string, fold: boolean): string | null {
  if (last.abs !== abs || last.root !== root || last.fold !== fold) last = { abs, root, fold, rel: relativeInside(abs, root, fold) };
  return last.rel;
}

/**
 * The specifier as one absolute glob (`.env` → `<base>/**\/.env`, `~/.aws/**` → `<home>/.aws/**`): what an OS sandbox
 * denies for a Read deny or ask rule, starting at a literal folder as bubblewrap's glob expansion needs.
 */
export function pathSpecGlob(spec: string, ctx: PathRuleContext): string {
  const c = compiled(spec, false);
  const root = anchorOf(c, '/', ctx);
  return c.glob === '' ? root : path.join(root, c.glob);
}
