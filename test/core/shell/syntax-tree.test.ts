// The plain snapshot must read exactly as tree-sitter's own nodes do, member by member, for every command the engine
// is tested on (our corpus, the shared one when present) and for inputs that break the parser.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { initShellParser } from '../../../main/core/shell/index.js';
import { parseBash, parseBashTree } from '../../../main/core/shell/walk/parser.js';
import type { SyntaxNode } from '../../../main/core/shell/walk/syntax-tree.js';

const FIELDS = ['name', 'argument', 'body', 'value', 'variable', 'redirect', 'descriptor', 'destination', 'left', 'right', 'operator', 'condition', 'consequence', 'alternative'];
const DESCENDANT_TYPES = [['command'], ['file_redirect', 'heredoc_redirect', 'herestring_redirect', 'simple_expansion', 'expansion', 'command'], ['ERROR']];

/** Differences between a snapshot node and tree-sitter's node, below both (path-labelled). */
function differences(mine: SyntaxNode, theirs: Node, at: string, out: string[]): void {
  const check = (what: string, a: unknown, b: unknown): void => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at} ${what}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  };
  check('type', mine.type, theirs.type);
  check('named', mine.isNamed, theirs.isNamed);
  check('missing', mine.isMissing, theirs.isMissing);
  check('error', [mine.isError, mine.hasError], [theirs.isError, theirs.hasError]);
  check('span', [mine.startIndex, mine.endIndex, mine.text], [theirs.startIndex, theirs.endIndex, theirs.text]);
  check('children', mine.children.length, theirs.children.length);
  check('named children', mine.namedChildren.map((c) => c.startIndex), theirs.namedChildren.map((c) => c?.startIndex));
  check('first/last/next', [mine.firstChild?.type, mine.lastNamedChild?.type, mine.nextSibling?.type], [theirs.firstChild?.type, theirs.lastNamedChild?.type, theirs.nextSibling?.type]);
  check('parent', mine.parent?.type, theirs.parent?.type);
  for (const f of FIELDS) {
    check(`field ${f}`, mine.childForFieldName(f)?.startIndex, theirs.childForFieldName(f)?.startIndex);
    check(`fields ${f}`, mine.childrenForFieldName(f).map((c) => c.startIndex), theirs.childrenForFieldName(f).map((c) => c?.startIndex));
  }
  mine.children.forEach((_, i) => check(`field of child ${i}`, mine.fieldNameForChild(i), theirs.fieldNameForChild(i)));
  for (const types of DESCENDANT_TYPES) {
    check(`descendants ${types.join(',')}`, mine.descendantsOfType(types).map((d) => [d.type, d.startIndex]), theirs.descendantsOfType(types).map((d) => [d?.type, d?.startIndex]));
  }
  mine.children.forEach((c, i) => {
    const other = theirs.child(i);
    if (other) differences(c, other, `${at}/${i}:${c.type}`, out);
  });
}

function commandsOf(file: string): string[] {
  if (!existsSync(file)) return [];
  const cases = JSON.parse(readFileSync(file, 'utf8')) as Array<{ event?: { tool_input?: { command?: unknown } } }>;
  return cases.flatMap((c) => (typeof c.event?.tool_input?.command === 'string' ? [c.event.tool_input.command] : []));
}

const HANDWRITTEN = [
  'ls',
  '',
  'echo "héllo wörld 😀" > ünï.txt && cat ünï.txt',
  'if true; then echo x; fi; for f in *.ts; do wc -l "$f"; done',
  'cat <<EOF | sh\nrm -rf ~\nEOF\n',
  'echo $((1+2)) ${x:-y} "$(date)" `id` <(sort a) >(tee b)',
  'case $x in a) echo a;; *) echo b;; esac',
  'f() { f | f & }; f',
  'echo "unterminated',
  'if then fi ((',
  '(( ',
  'a=(1 2 3); echo "${a[@]}"; [[ -f x && ! -d y ]]',
];

describe('the syntax-tree snapshot', () => {
  beforeAll(() => initShellParser());

  it('reads like tree-sitter for every tested command and for broken input', () => {
    const commands = [...HANDWRITTEN, ...commandsOf('test/corpus-extra.json'), ...commandsOf('../shared/corpus/cases.json')];
    expect(commands.length).toBeGreaterThan(1000);
    const out: string[] = [];
    for (const command of commands) {
      const tree = parseBashTree(command);
      try {
        differences(parseBash(command), tree.rootNode, JSON.stringify(command.slice(0, 60)), out);
      } finally {
        tree.delete();
      }
      if (out.length > 20) break;
    }
    expect(out).toEqual([]);
  });

  it('gives each node its own id and shares its child arrays between readers', () => {
    const root = parseBash('git status && ls | wc -l');
    const ids = new Set<number>();
    const visit = (n: SyntaxNode): void => {
      ids.add(n.id);
      n.children.forEach(visit);
    };
    visit(root);
    expect(ids.size).toBeGreaterThan(8);
    expect(root.namedChildren).toBe(root.namedChildren);
  });
});
