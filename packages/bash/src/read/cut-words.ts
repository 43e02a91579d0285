import { SyntaxNode } from "./syntax-tree.ts";

/**
 * What may follow the cut in the same word: the parts a word is made of, and `command_name`,
 * which is where tree-sitter-bash puts the rest of a cut prefix assignment.
 */
const WORD_PARTS = new Set([
  "command_name",
  "word",
  "concatenation",
  "string",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "simple_expansion",
  "expansion",
  "command_substitution",
  "arithmetic_expansion",
  "number",
]);

/** A NAME=, NAME+= or NAME[…]= at the start of a word: bash reads it as one more assignment. */
const ASSIGNMENT_START = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** A simple command's children with its cut prefix assignments and redirect targets made whole. */
export interface JoinedAssignments {
  children: SyntaxNode[];
  /**
   * A word after a joined assignment looks like one more assignment (`y=a[\$x] z=1 env`): the
   * grammar made it an argument of the cut-off fragment, so the walk cannot tell the command.
   */
  doubtful: boolean;
}

/**
 * Prefix assignments whose value the grammar cut. tree-sitter-bash 0.25.1 ends a word at a `[`
 * or a `}` followed by a backslash, so `y=a[\$\(rm\ x\)]` comes back as the assignment `y=a[`
 * and a command named `\$\(rm\ x\)]`, where bash reads one assignment whose value is
 * `a[$(rm x)]` (and evaluates that code wherever `y` is used as a number: round 11a K-a10).
 * Bash splits words only at blanks and operators, so whatever touches an assignment is the rest
 * of its value. Null when nothing touches, the common case, which costs one pass over the
 * children.
 */
export function joinCutAssignments(command: SyntaxNode): JoinedAssignments | null {
  const children = command.children;
  let out: SyntaxNode[] | null = null;
  let doubtful = false;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as SyntaxNode;
    const tail: SyntaxNode[] = [];
    if (child.type === "variable_assignment" || hasTarget(child)) {
      let end = child.endIndex;
      for (let j = i + 1; j < children.length; j++) {
        const next = children[j] as SyntaxNode;
        if (next.startIndex !== end || !WORD_PARTS.has(next.type) || next.isMissing) break;
        const inner = next.type === "command_name" ? next.namedChildren[0] : next;
        if (inner === undefined || inner.isMissing) break;
        tail.push(inner);
        end = next.endIndex;
      }
    }
    if (tail.length === 0) {
      out?.push(child);
      continue;
    }
    out ??= children.slice(0, i);
    if (child.type !== "variable_assignment") {
      out.push(extended(child, tail, command));
      i += tail.length;
      continue;
    }
    out.push(joined(child, tail, command));
    i += tail.length;
    const following = children[i + 1];
    if (following !== undefined && following.isNamed && ASSIGNMENT_START.test(following.text)) {
      doubtful = true;
    }
  }
  return out === null ? null : { children: out, doubtful };
}

/**
 * A redirect that takes a word (`>f`, `<f`, `<<<w`; not `>&-`) and so goes on in what touches it:
 * `x=1 >.e[\n]v` comes back as the redirect `>.e[` and a command named `\n]v`.
 */
function hasTarget(node: SyntaxNode): boolean {
  if (node.type === "herestring_redirect") return true;
  return (
    node.type === "file_redirect" &&
    !node.children.some((child) => child.type === ">&-" || child.type === "<&-")
  );
}

/** The redirect with the parts that touch it as its last children, where the walk joins them. */
function extended(redirect: SyntaxNode, tail: SyntaxNode[], parent: SyntaxNode): SyntaxNode {
  const fields = redirect.children.map((_, index) => redirect.fieldNameForChild(index));
  return SyntaxNode.over(
    redirect.type,
    [...redirect.children, ...tail],
    [...fields, ...tail.map(() => null)],
    parent,
  );
}

/** The assignment with the parts that touch it appended to its value. */
function joined(assignment: SyntaxNode, tail: SyntaxNode[], parent: SyntaxNode): SyntaxNode {
  const kids: SyntaxNode[] = [];
  const fields: (string | null)[] = [];
  let value: SyntaxNode | null = null;
  for (let index = 0; index < assignment.children.length; index++) {
    const child = assignment.children[index] as SyntaxNode;
    const field = assignment.fieldNameForChild(index);
    if (field === "value") value = child;
    else {
      kids.push(child);
      fields.push(field);
    }
  }
  const parts = [...(value === null ? [] : partsOf(value)), ...tail.flatMap(partsOf)];
  kids.push(
    parts.length === 1
      ? (parts[0] as SyntaxNode)
      : SyntaxNode.over("concatenation", parts, [], null),
  );
  fields.push("value");
  return SyntaxNode.over("variable_assignment", kids, fields, parent);
}

function partsOf(node: SyntaxNode): readonly SyntaxNode[] {
  return node.type === "concatenation" ? node.children : [node];
}
