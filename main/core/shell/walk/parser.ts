// Loads tree-sitter's bash grammar once per process (STACK.md: ~25 ms) and parses synchronously after that.
import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { snapshot, type SyntaxNode } from './syntax-tree.js';

let parser: Parser | null = null;
let loading: Promise<void> | null = null;

async function load(): Promise<void> {
  // The grammar ships inside the tree-sitter-bash npm package: nothing is downloaded at run time.
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  await Parser.init();
  const language = await Language.load(wasm);
  const p = new Parser();
  p.setLanguage(language);
  parser = p;
}

/** Loads the bash grammar; idempotent, and concurrent callers share one load. Await it before analyzing. */
export function initShellParser(): Promise<void> {
  if (loading === null) {
    loading = load().catch((e: unknown) => {
      loading = null; // a failed load may be retried
      throw new Error(`cannot load the bash grammar (tree-sitter-bash.wasm): ${e instanceof Error ? e.message : String(e)}`);
    });
  }
  return loading;
}

/** True once initShellParser() has finished. */
export function shellParserReady(): boolean {
  return parser !== null;
}

/** tree-sitter's own parse of bash source (the caller must delete() the tree: it lives in wasm memory). */
export function parseBashTree(source: string): Tree {
  if (parser === null) throw new Error('shell parser not initialised: await initShellParser() before analyzeShellCommand()');
  const tree = parser.parse(source);
  if (tree === null) throw new Error('the bash parser returned no tree');
  return tree;
}

/**
 * Parses bash source into plain SyntaxNodes. Node offsets are UTF-16 code units (web-tree-sitter parses JS strings
 * as UTF-16), so they index the JS string directly.
 */
export function parseBash(source: string): SyntaxNode {
  const tree = parseBashTree(source);
  try {
    return snapshot(tree, source);
  } finally {
    tree.delete();
  }
}
