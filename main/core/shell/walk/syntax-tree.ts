// The parsed command as plain objects, copied out of tree-sitter's wasm memory in one cursor walk. The analysis reads
// every node several times (type, text, fields, children); through web-tree-sitter's Node each read was a call into
// wasm and each `children` a fresh array of fresh Node objects — that marshalling was a large share of analysis time
// and of the garbage each request left. Members are named as web-tree-sitter's Node names them.
import type { Tree } from 'web-tree-sitter';

// A leaf's children: one frozen array for all of them.
const NO_NODES: readonly SyntaxNode[] = Object.freeze([]);
// Bits of SyntaxNode's flags.
const NAMED = 1;
const MISSING = 2;
const HAS_ERROR = 4;

/** One node of the parsed command; read-only (its arrays are shared by every reader). */
export class SyntaxNode {
  /** Every child, named and anonymous, in source order (set once, by snapshot). */
  children: readonly SyntaxNode[] = NO_NODES;
  private named: readonly SyntaxNode[] | undefined;
  // isNamed, isMissing and hasError in one number: every request makes dozens of nodes, three fields each would add up.
  private flags: number;

  constructor(
    /** Unique within its tree (document order). */
    readonly id: number,
    readonly type: string,
    isNamed: boolean,
    isMissing: boolean,
    /** Offsets into the source, in UTF-16 code units. */
    readonly startIndex: number,
    readonly endIndex: number,
    readonly parent: SyntaxNode | null,
    /** The field of the parent this node fills (`name`, `body`, …), or null. */
    readonly field: string | null,
    private readonly source: string,
  ) {
    this.flags = (isNamed ? NAMED : 0) | (isMissing ? MISSING : 0);
  }

  get isNamed(): boolean {
    return (this.flags & NAMED) !== 0;
  }

  get isMissing(): boolean {
    return (this.flags & MISSING) !== 0;
  }

  /** Some node below (or this one) is an ERROR or a MISSING node the parser invented (set by snapshot). */
  get hasError(): boolean {
    return (this.flags & HAS_ERROR) !== 0;
  }

  set hasError(v: boolean) {
    this.flags = v ? this.flags | HAS_ERROR : this.flags & ~HAS_ERROR;
  }

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get isError(): boolean {
    return this.type === 'ERROR';
  }

  get namedChildren(): readonly SyntaxNode[] {
    // Shared with `children` when every child is named (the arrays are read-only).
    return (this.named ??= this.children.every((c) => c.isNamed) ? this.children : this.children.filter((c) => c.isNamed));
  }

  get firstChild(): SyntaxNode | null {
    return this.children[0] ?? null;
  }

  get lastNamedChild(): SyntaxNode | null {
    const named = this.namedChildren;
    return named[named.length - 1] ?? null;
  }

  /** The next sibling that ends after this one (tree-sitter skips an empty node the parser invented right at its end). */
  get nextSibling(): SyntaxNode | null {
    const siblings = this.parent?.children ?? [];
    for (let i = siblings.indexOf(this) + 1; i < siblings.length; i++) if (siblings[i]!.endIndex > this.endIndex) return siblings[i]!;
    return null;
  }

  childForFieldName(field: string): SyntaxNode | null {
    for (const c of this.children) if (c.field === field) return c;
    return null;
  }

  childrenForFieldName(field: string): SyntaxNode[] {
    return this.children.filter((c) => c.field === field);
  }

  fieldNameForChild(index: number): string | null {
    return this.children[index]?.field ?? null;
  }

  /** This node and those below it of the given types, in document order (zero-width nodes at offset 0 skipped, as tree-sitter does). */
  descendantsOfType(types: string | readonly string[]): SyntaxNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const out: SyntaxNode[] = [];
    const visit = (n: SyntaxNode): void => {
      if (n.endIndex === 0) return;
      if (wanted.includes(n.type)) out.push(n);
      for (const c of n.children) visit(c);
    };
    visit(this);
    return out;
  }
}

// Whether a node type is named depends only on the type: asked of the grammar once per type, not once per node.
const namedTypes = new Map<number, boolean>();

/** Copies `tree` into SyntaxNodes (the caller still deletes the tree). */
export function snapshot(tree: Tree, source: string): SyntaxNode {
  const language = tree.language;
  const cursor = tree.walk();
  // A tree without errors has no MISSING nodes: only then is asking each node skipped.
  const mayMiss = tree.rootNode.hasError;
  let next = 0;
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = cursor.nodeTypeId;
    let named = namedTypes.get(typeId);
    if (named === undefined) namedTypes.set(typeId, (named = cursor.nodeIsNamed));
    const missing = mayMiss && cursor.nodeIsMissing;
    return new SyntaxNode(next++, language.types[typeId] || 'ERROR', named, missing, cursor.startIndex, cursor.endIndex, parent, parent ? (cursor.currentFieldName ?? null) : null, source);
  };
  let root: SyntaxNode;
  // The children of the nodes on the cursor's path are gathered in one list and copied out, exactly sized, when done.
  const gathered: SyntaxNode[] = [];
  const owners: SyntaxNode[] = [];
  const starts: number[] = [];
  const close = (): void => {
    const start = starts.pop()!;
    owners.pop()!.children = gathered.slice(start);
    gathered.length = start;
  };
  try {
    root = make(null);
    // Depth first: `parent` is the node whose children the cursor is on.
    let parent = root;
    if (cursor.gotoFirstChild()) {
      owners.push(root);
      starts.push(0);
      for (let done = false; !done; ) {
        const node = make(parent);
        gathered.push(node);
        if (cursor.gotoFirstChild()) {
          parent = node;
          owners.push(node);
          starts.push(gathered.length);
          continue;
        }
        while (!done && !cursor.gotoNextSibling()) {
          close();
          const up = parent.parent;
          done = !cursor.gotoParent() || up === null;
          if (up !== null) parent = up;
        }
      }
      while (owners.length > 0) close();
    }
  } finally {
    cursor.delete();
  }
  if (mayMiss) markErrors(root);
  return root;
}

/** Sets hasError below and on `n` (tree-sitter: an ERROR or MISSING node at or below it). */
function markErrors(n: SyntaxNode): boolean {
  let below = false;
  for (const c of n.children) below = markErrors(c) || below;
  n.hasError = below || n.isError || n.isMissing;
  return n.hasError;
}
