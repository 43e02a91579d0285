import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";

/**
 * Loading the bash grammar: web-tree-sitter's runtime plus the `tree-sitter-bash.wasm` that
 * tree-sitter-bash ships. The load happens once per process, lazily, and a failed load is
 * forgotten so that the next caller retries it.
 */

let pending: Promise<Parser> | null = null;

/** The shared parser, loading the grammar on first use. */
export function loadParser(): Promise<Parser> {
  if (pending === null) {
    const attempt = createParser();
    pending = attempt;
    // A rejected load must not stay memoised: the next caller gets a fresh attempt.
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
  }
  return pending;
}

async function createParser(): Promise<Parser> {
  const require = createRequire(import.meta.url);
  await Parser.init();
  // The package has no `exports` map, so the deep path resolves (toolchain G13).
  const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
