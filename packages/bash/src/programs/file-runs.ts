import { posix } from "node:path";
import { type Word, wordFromText } from "../read/words.ts";
import { classify } from "./classify.ts";
import { scriptSource } from "./interpreter-options.ts";
import { PACKAGE_RUNNERS, toolName } from "./wrappers.ts";

/**
 * The file a command runs by its path, and a deny or ask rule's words read the way the
 * analyzer reads a command's (issue 12: a deny pattern is not evaded by spelling).
 *
 * A script is one program however it is started: `./deploy.sh`, `bash deploy.sh`,
 * `. ./deploy.sh`, `/repo/deploy.sh`, `$PWD/deploy.sh` and, after `cd scripts`, `./release.sh`
 * for `scripts/release.sh` all run the same file. Both sides are read as that file's absolute,
 * lexically normalised path followed by the words after it: the command from the folders it
 * may run in, the rule from the working directory of the call.
 */

/** The word naming the file a command runs, and where it stands; `null` when none does. */
function fileWord(words: readonly Word[]): number {
  const head = words[0];
  if (head === undefined || !head.literal) return -1;
  const name = toolName(head.text);
  // `. FILE` and `source FILE` read the file into this shell (bash looks in PATH first, then
  // here: the file here is one of the places).
  if (name === "." || name === "source") {
    const at = words[1]?.text === "--" ? 2 : 1;
    return at < words.length ? at : -1;
  }
  // A command word with a `/` outside the standard binary folders is a file of its own.
  if (name === null) return 0;
  // `uv run FILE.py` runs the script with the project's Python (uv docs, `uv run`).
  if (name === "uv" && words[1]?.text === "run" && /\.py$/.test(words[2]?.text ?? "")) return 2;
  // Bun and Deno run a script file named after them or after `run` (`bun x.ts`,
  // `bun run x.js`, `deno run -A x.ts`); a bare word after `bun run` is a package script.
  if (name === "bun") {
    const at = words[1]?.text === "run" ? 2 : 1;
    return JS_FILE.test(words[at]?.text ?? "") ? at : -1;
  }
  if (name === "deno" && words[1]?.text === "run") {
    const at = words.findIndex((word, i) => i > 1 && !word.text.startsWith("-"));
    return at;
  }
  const source = scriptSource(words);
  if (
    source === null ||
    source.inline ||
    source.unproven ||
    source.info ||
    source.stdin ||
    source.files.length === 0
  ) {
    return -1;
  }
  // The script is the last file the grammar names (`--rcfile F` comes before it).
  return words.indexOf(source.files[source.files.length - 1] as Word);
}

/** A script file Bun runs by its extension. */
const JS_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** A file word resolved from a folder, lexically; `null` when it is not one plain path. */
function resolveFrom(text: string, cwd: string, home: string | null): string | null {
  if (text === "" || text.startsWith("-") || /[*?[\]]/.test(text)) return null;
  let path: string;
  if (text === "~" || text.startsWith("~/")) {
    if (home === null) return null;
    path = home + text.slice(1);
  } else if (text.startsWith("~")) return null;
  else path = text.startsWith("/") ? text : `${cwd}/${text}`;
  const flat = posix.normalize(path);
  return flat.length > 1 ? flat.replace(/\/+$/, "") : flat;
}

/**
 * The words of a command that runs a file by its path, with that file as an absolute path
 * first, once for each folder it may run in (`bash deploy.sh x` in `/repo` is
 * `/repo/deploy.sh x`); empty when it runs no file by its path or a folder is not known.
 *
 * @example
 * fileRuns(["bash", "deploy.sh", "x"], ["/repo"], null); // [["/repo/deploy.sh", "x"]]
 */
export function fileRuns(
  words: readonly Word[],
  cwds: readonly string[] | null,
  home: string | null,
): string[][] {
  const at = fileWord(words);
  const file = words[at];
  if (file === undefined || !file.literal || file.glob) return [];
  const rest = words.slice(at + 1).map((word) => word.text);
  const froms = file.text.startsWith("/") || file.text.startsWith("~") ? ["/"] : (cwds ?? []);
  const out: string[][] = [];
  // Node resolves a script named without its extension as a module (`node scripts/seed` runs
  // scripts/seed.js or scripts/seed/index.js).
  const node = /^(node|nodejs)$/.test(toolName(words[0]?.text ?? "") ?? "");
  const bare = node && !/\.[A-Za-z0-9]+$/.test(file.text);
  for (const cwd of froms) {
    const path = resolveFrom(file.text, cwd, home);
    if (path === null) continue;
    for (const named of bare ? [path, `${path}.js`, `${path}/index.js`] : [path]) {
      if (!out.some((run) => run[0] === named)) out.push([named, ...rest]);
    }
  }
  return out;
}

/** The package runners' names as a rule writes them first (`npx`, `npm exec`, `pnpm dlx`). */
const RUNNER_NAMES: ReadonlySet<string> = new Set([
  "npx",
  "bunx",
  "pnpx",
  "bun x",
  ...PACKAGE_RUNNERS.flatMap((grammar) => grammar.names),
]);

/**
 * Other readings of a deny or ask rule's words, as the analyzer reads a command's, each a
 * pattern: the program in a standard binary folder by its bare name (`/bin/rm *` is `rm *`),
 * a package runner's program without the runner (`npx prisma migrate reset*` is
 * `prisma migrate reset*`, which `npm exec`, `pnpm exec`, `bunx` and `prisma@5` run), and a
 * file it runs by its path as that file's absolute path in `cwd` followed by the words after
 * it (`./deploy.sh *` and `bash deploy.sh *` are `/repo/deploy.sh *`,
 * `python scripts/x.py*` is `/repo/scripts/x.py*`). A `*` joined to the file's name stays
 * joined. Empty when the rule reads no other way.
 *
 * @example
 * ruleReadings("./deploy.sh *", "/repo", "/home/u"); // ["/repo/deploy.sh *"]
 */
export function ruleReadings(pattern: string, cwd: string, home: string): string[] {
  const texts = pattern.split(" ").filter((text) => text !== "");
  const head = texts[0];
  if (head === undefined || /[*?[\]]/.test(head.replace(/\*$/, ""))) return [];
  const out: string[] = [];
  const add = (text: string) => {
    if (text !== pattern && !out.includes(text)) out.push(text);
  };
  // The program in a standard binary folder: its bare name.
  const bare = head.includes("/") ? toolName(head) : null;
  if (bare !== null && bare !== "") add([bare, ...texts.slice(1)].join(" "));
  const named = bare !== null && bare !== "" ? [bare, ...texts.slice(1)] : texts;
  // A star joined to a word stays with it; the words are read as plain text.
  const words = named.map((text) => wordFromText(text));
  // A package runner's program: the words the runner runs (its own options and the package's
  // version set aside, as for a command). Only when every layer peeled is a runner and the
  // program is named.
  const two = `${toolName(named[0] as string) ?? ""} ${named[1] ?? ""}`;
  if (RUNNER_NAMES.has(toolName(named[0] as string) ?? "") || RUNNER_NAMES.has(two)) {
    const peeled = classify(words, false);
    const program = peeled.executed?.[0]?.text ?? "";
    if (
      peeled.sentinel === null &&
      peeled.executed !== null &&
      peeled.wrappers.length > 0 &&
      peeled.wrappers.every(
        (layer) =>
          RUNNER_NAMES.has(layer.argv[0] ?? "") ||
          RUNNER_NAMES.has(layer.argv.slice(0, 2).join(" ")),
      ) &&
      program !== "" &&
      !/[*?[\]]/.test(program)
    ) {
      add(peeled.executed.map((word) => word.text).join(" "));
    }
  }
  // The file it runs by its path, from the call's working directory; a `*` joined to the
  // file's name is kept after the path.
  const at = fileWord(words.map((word) => wordFromText(word.text.replace(/\*$/, ""))));
  const file = named[at];
  if (at !== -1 && file !== undefined) {
    const star = file.endsWith("*") ? "*" : "";
    const path = resolveFrom(star === "" ? file : file.slice(0, -1), cwd, home);
    if (path !== null) add([`${path}${star}`, ...named.slice(at + 1)].join(" "));
  }
  return out;
}
