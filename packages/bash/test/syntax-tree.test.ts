import { describe, expect, it } from "vitest";
import type { Node } from "web-tree-sitter";
import { loadParser } from "../src/read/grammar.ts";
import { copyTree, type SyntaxNode } from "../src/read/syntax-tree.ts";
import { corpusCommands } from "./helpers.ts";

/**
 * The walk reads a plain copy of the grammar's tree. The copy is only sound if it is the same
 * tree: every node, in order, with the type, range, named and missing flags, error flag and
 * field name web-tree-sitter's own node API reports.
 */

/** One node as a flat record, in pre-order with its depth (deep trees overflow a recursion). */
type Row = [
  depth: number,
  type: string,
  start: number,
  end: number,
  named: boolean,
  missing: boolean,
  error: boolean,
  field: string | null,
  text: string,
];

/** The node members both trees answer, for one walk over either. */
interface NodeLike<T> {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly text: string;
  readonly children: readonly (T | null)[];
  fieldNameForChild(index: number): string | null;
}

function rowsOf<T extends NodeLike<T>>(root: T): Row[] {
  const rows: Row[] = [];
  const stack: [T, number, string | null][] = [[root, 0, null]];
  while (stack.length > 0) {
    const [node, depth, field] = stack.pop() as [T, number, string | null];
    rows.push([
      depth,
      node.type,
      node.startIndex,
      node.endIndex,
      node.isNamed,
      node.isMissing,
      node.hasError,
      field,
      node.text,
    ]);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--)
      stack.push([children[i] as T, depth + 1, node.fieldNameForChild(i)]);
  }
  return rows;
}

function firstOfType<T extends { type: string; children: (T | null)[] }>(root: T, type: string): T {
  const stack: T[] = [root];
  while (stack.length > 0) {
    const node = stack.shift() as T;
    if (node.type === type) return node;
    for (const child of node.children) if (child) stack.push(child);
  }
  throw new Error(`no ${type} node`);
}

const BROKEN = [
  "echo 'unterminated",
  'if true; then echo "x',
  "cat <<EOF\nbody",
  "for x in; do",
  "((1 +",
  "echo $(",
  "a | | b",
  "f() { echo",
  "case x in a) echo",
  "echo ${x",
  // Characters outside the basic plane: ranges are string offsets, not bytes.
  "echo 'héllo 🙂' > \"naïve 🙂.txt\" && cat 🙂 | wc -c",
  "echo 🙂 'x",
];

describe("copyTree", () => {
  it("copies every node of the corpus's parse trees exactly as web-tree-sitter reports them", async () => {
    const parser = await loadParser();
    const commands = [
      ...corpusCommands("corpus/cases.jsonl", "corpus/adversarial.jsonl"),
      ...BROKEN,
    ];
    expect(commands.length).toBeGreaterThan(800);
    let errors = 0;
    let missing = 0;
    for (const command of commands) {
      const tree = parser.parse(command);
      if (tree === null) throw new Error(`no tree for ${command}`);
      try {
        const copy = copyTree(tree, command);
        const copied = rowsOf<SyntaxNode>(copy);
        const reported = rowsOf<Node>(tree.rootNode);
        // On a difference, row by row: one diff for the first node that differs, not a dump.
        if (JSON.stringify(copied) !== JSON.stringify(reported))
          for (let i = 0; i < Math.max(copied.length, reported.length); i++) {
            expect(copied[i], `${command} (node ${i})`).toEqual(reported[i]);
          }
        if (copy.hasError) errors++;
        const stack: SyntaxNode[] = [copy];
        while (stack.length > 0) {
          const node = stack.pop() as SyntaxNode;
          if (node.isMissing) missing++;
          stack.push(...node.children);
        }
      } finally {
        tree.delete();
      }
    }
    // The comparison covered broken trees and invented tokens, not only clean parses.
    expect(errors).toBeGreaterThan(10);
    expect(missing).toBeGreaterThan(0);
  });

  it("answers childForFieldName and namedChildren like the wasm node", async () => {
    const parser = await loadParser();
    const command = "FOO=1 git -C . push origin main 2>/dev/null";
    const tree = parser.parse(command);
    if (tree === null) throw new Error("no tree");
    try {
      const copy = copyTree(tree, command);
      const wasmCommand = firstOfType(tree.rootNode, "command");
      const copyCommand = firstOfType(copy, "command");
      expect(copyCommand.type).toBe("command");
      expect(copyCommand.childForFieldName("name")?.text).toBe(
        wasmCommand.childForFieldName("name")?.text,
      );
      expect(copyCommand.childForFieldName("name")?.text).toBe("git");
      expect(copyCommand.namedChildren.map((node) => node.type)).toEqual(
        wasmCommand.namedChildren.map((node) => node?.type),
      );
      expect(copyCommand.namedChildCount).toBe(wasmCommand.namedChildCount);
      expect(copyCommand.child(0)?.type).toBe(wasmCommand.child(0)?.type);
      expect(copyCommand.parent?.type).toBe(wasmCommand.parent?.type);
    } finally {
      tree.delete();
    }
  });

  it("gives a leaf no child list of its own that a stray write could fill for every leaf", async () => {
    const parser = await loadParser();
    const command = "git status -s";
    const tree = parser.parse(command);
    if (tree === null) throw new Error("no tree");
    try {
      const copy = copyTree(tree, command);
      const leaf = firstOfType(copy, "word");
      expect(leaf.children).toEqual([]);
      expect(leaf.namedChildren).toEqual([]);
      // INVARIANT: the leaves' shared empty list is frozen, so a write fails the analysis
      // (closed) instead of handing every other leaf the child.
      expect(() => leaf.children.push(copy)).toThrow(TypeError);
      expect(firstOfType(copy, "command").children.length).toBeGreaterThan(0);
      expect(firstOfType(copy, "command_name").children.map((node) => node.type)).toEqual(["word"]);
    } finally {
      tree.delete();
    }
  });
});
