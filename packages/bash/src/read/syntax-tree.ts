import type { Language, Tree } from "web-tree-sitter";
import { STEP, tick } from "../check/deadline.ts";

/**
 * The children of a leaf. Most nodes are leaves, and two arrays each were a large part of the
 * garbage an analysis makes; frozen, so that a stray write throws (and the analysis fails
 * closed) instead of giving every leaf a child.
 */
const NO_CHILDREN: SyntaxNode[] = Object.freeze([]) as unknown as SyntaxNode[];
const NO_FIELDS: (string | null)[] = Object.freeze([]) as unknown as (string | null)[];

/**
 * The grammar's tree copied once into plain objects. web-tree-sitter's nodes live in wasm
 * memory: every `type`, `children` or `startIndex` read crosses into wasm and allocates fresh
 * node objects, and the walk reads each node many times. One cursor pass copies what the walk
 * reads, the wasm tree is freed at once, and the walk then reads ordinary properties.
 *
 * Only the members the analyzer uses exist here, with web-tree-sitter's meaning: `children`
 * holds every child (anonymous ones and extras included), `hasError` is true for an ERROR
 * node, a MISSING node, or any node containing one.
 */
export class SyntaxNode {
  /** Every child in order; read only (leaves, most nodes, share one frozen empty array). */
  readonly children: SyntaxNode[] = NO_CHILDREN;
  /** The field name each child has in its parent (parallel to `children`, or none named). */
  private fields: (string | null)[] = NO_FIELDS;
  private named: SyntaxNode[] | null = null;
  hasError: boolean;
  /** Set again when the node is adopted (the plain-command fast path builds bottom-up). */
  parent: SyntaxNode | null;

  constructor(
    readonly type: string,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    parent: SyntaxNode | null,
    private readonly source: string,
  ) {
    this.hasError = isMissing || type === "ERROR";
    this.parent = parent;
  }

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildren(): SyntaxNode[] {
    if (this.named === null)
      this.named =
        this.children === NO_CHILDREN
          ? NO_CHILDREN
          : this.children.filter((child) => child.isNamed);
    return this.named;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  child(index: number): SyntaxNode | null {
    return this.children[index] ?? null;
  }

  childForFieldName(name: string): SyntaxNode | null {
    const index = this.fields.indexOf(name);
    return index === -1 ? null : (this.children[index] ?? null);
  }

  fieldNameForChild(index: number): string | null {
    return this.fields[index] ?? null;
  }

  /**
   * @internal A node over existing ones, for the walk's repair of a word the grammar cut
   * (`read/cut-words.ts`). The parts keep their own parent: the tree they came from is unchanged.
   */
  static over(
    type: string,
    parts: readonly SyntaxNode[],
    fields: readonly (string | null)[],
    parent: SyntaxNode | null,
  ): SyntaxNode {
    const first = parts[0] as SyntaxNode;
    const last = parts[parts.length - 1] as SyntaxNode;
    const node = new SyntaxNode(
      type,
      first.startIndex,
      last.endIndex,
      true,
      false,
      parent,
      first.source,
    );
    (node as { children: SyntaxNode[] }).children = [...parts];
    if (fields.some((field) => field !== null)) node.fields = [...fields];
    node.hasError = parts.some((part) => part.hasError);
    return node;
  }

  /** @internal the copy builds the tree top-down; the plain fast path bottom-up. */
  adopt(child: SyntaxNode, field: string | null): void {
    child.parent = this;
    if (this.children === NO_CHILDREN) (this as { children: SyntaxNode[] }).children = [child];
    else this.children.push(child);
    // Most nodes name no child (lists, pipelines, words): no field list until one is named.
    if (field !== null) {
      if (this.fields === NO_FIELDS) this.fields = new Array(this.children.length - 1).fill(null);
      this.fields.push(field);
    } else if (this.fields !== NO_FIELDS) this.fields.push(null);
  }
}

/**
 * Copies a parsed tree. The indices are the string offsets web-tree-sitter reports for the text
 * it parsed, so `text` slices the same characters the wasm node would have returned.
 */
export function copyTree(tree: Tree, source: string): SyntaxNode {
  const language = tree.language;
  const cursor = tree.walk();
  // Only a tree with an error can hold a MISSING node: one question instead of one a node.
  const mayMiss = tree.rootNode.hasError;
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    tick(STEP.copy);
    const typeId = cursor.nodeTypeId;
    const type = language.types[typeId] ?? "ERROR";
    const node = new SyntaxNode(
      type,
      cursor.startIndex,
      cursor.endIndex,
      isNamedType(language, typeId, type),
      mayMiss && cursor.nodeIsMissing,
      parent,
      source,
    );
    parent?.adopt(node, language.fields[cursor.currentFieldId] ?? null);
    return node;
  };
  try {
    const root = make(null);
    // The chain from the root to the node under the cursor.
    const stack: SyntaxNode[] = [root];
    for (;;) {
      if (cursor.gotoFirstChild()) {
        stack.push(make(stack[stack.length - 1] as SyntaxNode));
        continue;
      }
      for (;;) {
        // Children are finished before their parent, so the error flag climbs in one pass.
        finish(stack.pop() as SyntaxNode);
        const parent = stack[stack.length - 1];
        if (parent === undefined) return root;
        if (cursor.gotoNextSibling()) {
          stack.push(make(parent));
          break;
        }
        cursor.gotoParent();
      }
    }
  } finally {
    cursor.delete();
  }
}

const namedTypes = new WeakMap<Language, Map<number, boolean>>();

/** Whether a node type is named, asked of the grammar once per type. */
function isNamedType(language: Language, typeId: number, type: string): boolean {
  if (type === "ERROR") return true;
  let known = namedTypes.get(language);
  if (known === undefined) {
    known = new Map();
    namedTypes.set(language, known);
  }
  let named = known.get(typeId);
  if (named === undefined) {
    named = language.nodeTypeIsNamed(typeId);
    known.set(typeId, named);
  }
  return named;
}

function finish(node: SyntaxNode): void {
  if (!node.hasError && node.children.some((child) => child.hasError)) node.hasError = true;
}
