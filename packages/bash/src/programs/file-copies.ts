import { posix } from "node:path";
import { toolName } from "./wrappers.ts";

/**
 * The programs that make links or copy and move files and folders, in one place: the link
 * reading (walk/made-links.ts, programs/git-links.ts) and the path reading (paths.ts, which
 * says what a copy writes, and so what written-code.ts finds under another name) read the same
 * table. coreutils' `ln`, `link`, `cp`, `mv` and `install` are read by their own rules;
 * another program's call that does what one of them does is read as that call (`cmake -E
 * create_symlink . p` as `ln -sT -- . p`). Wrappers (`env ln`, `busybox ln -s`, `toybox cp`,
 * `xargs ln -s`, `find … -exec ln -s {} …`) are peeled before: the unit's words are the
 * applet's.
 */

/** Programs that make a link whatever their options (a hard link to a link is a link). */
export const LINKERS: ReadonlySet<string> = new Set(["ln", "link"]);

/** Programs that move or copy a link they are given as one (`mv k d`, `cp -P k d`, `rsync -a`). */
export const MOVERS: ReadonlySet<string> = new Set(["mv", "cp", "rsync", "install"]);

/**
 * A word of a {@link CopyCall}: an index into the program's words, or a word the table adds
 * (`unknown`: a value known only when the program runs, such as a folder from its settings).
 */
export type CopyWord = number | { text: string; unknown?: true };

/** One coreutils call another program's words stand for (its words after the name). */
export interface CopyCall {
  tool: "ln" | "cp" | "mv";
  args: readonly CopyWord[];
}

/**
 * `cmake -E` commands that make links or copy or move files (cmake's cmcmd.cxx, traced in
 * the oracle by R26: `cmake -E create_symlink . p; cat p/../home/user/notes.txt` read the
 * file, `cmake -E copy_directory src d; sh d/a` ran what the string wrote in src/a):
 * - `create_symlink OLD NEW`: NEW holds OLD as written (read from NEW's folder), as `ln -sT`;
 * - `create_hardlink OLD NEW`: `ln -T`;
 * - `cmake_symlink_executable REAL NAME` and `cmake_symlink_library REAL SONAME NAME` (hidden,
 *   called by generated build files): NAME leads to REAL's last segment, SONAME to REAL's and
 *   NAME to SONAME's (SymlinkInternal writes the file name of its target);
 * - `copy`, `copy_if_different FILE… DEST` (and `-t DEST FILE…`): `cp`;
 * - `copy_directory`, `copy_directory_if_different DIR… DEST`: each DIR's contents into DEST,
 *   `cp -rT DIR DEST` for each;
 * - `rename OLD NEW`: rename(2), `mv -T`.
 */
function cmakeCalls(texts: readonly string[], literal: (index: number) => boolean): CopyCall[] {
  const command = texts[2];
  if (texts[1] !== "-E" || command === undefined || !literal(2)) return [];
  const operands = texts.slice(3).map((_, i) => i + 3);
  const flag = (text: string): CopyWord => ({ text });
  // The last segment of a target, as the link's text (a computed word stays unknown).
  const last = (index: number): CopyWord =>
    literal(index) ? { text: posix.basename(texts[index] as string) } : index;
  const pairs = (tool: "ln" | "mv", flags: string, links: readonly [CopyWord, number][]) =>
    links.map(([from, to]) => ({ tool, args: [flag(flags), flag("--"), from, to] }));
  const [first, second, third] = operands;
  switch (command) {
    case "create_symlink":
      return first === undefined || second === undefined
        ? []
        : pairs("ln", "-sT", [[first, second]]);
    case "create_hardlink":
      return first === undefined || second === undefined
        ? []
        : pairs("ln", "-T", [[first, second]]);
    case "cmake_symlink_executable":
      return first === undefined || second === undefined
        ? []
        : pairs("ln", "-sT", [[last(first), second]]);
    case "cmake_symlink_library":
      if (first === undefined || second === undefined || third === undefined) return [];
      return pairs("ln", "-sT", [
        [last(first), second],
        [last(second), third],
      ]);
    case "rename":
      return first === undefined || second === undefined
        ? []
        : pairs("mv", "-T", [[first, second]]);
    case "copy":
    case "copy_if_different": {
      if (texts[3] === "-t" && first !== undefined && second !== undefined)
        return [{ tool: "cp", args: [flag("-t"), second, flag("--"), ...operands.slice(2)] }];
      return operands.length < 2 ? [] : [{ tool: "cp", args: [flag("--"), ...operands] }];
    }
    case "copy_directory":
    case "copy_directory_if_different": {
      const destination = operands.at(-1);
      if (destination === undefined || operands.length < 2) return [];
      return operands
        .slice(0, -1)
        .map((from) => ({ tool: "cp", args: [flag("-rT"), flag("--"), from, destination] }));
    }
    default:
      return [];
  }
}

/** A word the program takes from where the text does not show (its settings, the environment). */
const UNKNOWN = (what: string): CopyWord => ({ text: `$(${what})`, unknown: true });

/**
 * `lndir FROMDIR [TODIR]` (X11's shadow tree maker): TODIR (default `.`) gets a folder for each
 * folder below FROMDIR and a link for each file, whose text is FROMDIR/NAME read from TODIR (a
 * relative FROMDIR is taken from TODIR), and a link FROMDIR holds is made again with its own
 * text: `cp -rsT -- FROMDIR TODIR`, FROMDIR as seen from TODIR.
 */
function lndirCalls(texts: readonly string[], literal: (index: number) => boolean): CopyCall[] {
  const operands: number[] = [];
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i] as string;
    // -silent, -ignorelinks, -withrevinfo; -- ends them (`-` words are options, not folders).
    if (literal(i) && text.startsWith("-") && operands.length === 0) continue;
    operands.push(i);
  }
  const [from, to] = operands;
  if (from === undefined) return [];
  const source = (): CopyWord => {
    const text = texts[from] as string;
    if (!literal(from)) return from;
    if (text.startsWith("/") || to === undefined) return from;
    if (!literal(to)) return UNKNOWN("lndir source");
    return { text: posix.join(texts[to] as string, text) };
  };
  return [{ tool: "cp", args: [{ text: "-rsT" }, { text: "--" }, source(), to ?? { text: "." }] }];
}

/**
 * GNU stow's `-d`/`--dir` and `-t`/`--target` (Getopt::Long with bundling: `-vt DIR`, `-tDIR`,
 * `--target=DIR`, `--tar DIR`). Other long options that take a value, then the flags.
 */
const STOW_VALUED = ["ignore", "defer", "override"];
const STOW_FLAGS = [
  ...["no", "simulate", "verbose", "delete", "restow", "stow", "adopt", "no-folding"],
  ...["dotfiles", "compat", "help", "version"],
];

/**
 * `stow [-d DIR] [-t TARGET] PACKAGE…`: below TARGET, links (or folded links to whole folders)
 * to each file of DIR/PACKAGE, `cp -rsT -- DIR/PACKAGE TARGET` for each package (`--adopt`
 * moves TARGET's files into the package the other way: the package is written too). DIR
 * defaults to `$STOW_DIR` or the working directory and TARGET to DIR's parent, and a
 * `.stowrc` in the working or home directory may set either: unknown unless given.
 */
function stowCalls(texts: readonly string[], literal: (index: number) => boolean): CopyCall[] {
  let dir: CopyWord = UNKNOWN("stow directory");
  let target: CopyWord = UNKNOWN("stow target");
  let adopt = false;
  let unread = false;
  const packages: number[] = [];
  const value = (index: number, glued: string): CopyWord =>
    glued !== "" ? { text: glued } : index < texts.length ? index : UNKNOWN("stow option");
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i] as string;
    if (!literal(i)) {
      // A computed word may be an option: the folders are unknown.
      unread = true;
      packages.push(i);
      continue;
    }
    if (text === "--") {
      packages.push(...texts.slice(i + 1).map((_, k) => i + 1 + k));
      break;
    }
    if (text.startsWith("--")) {
      const [name = "", glued] = text.slice(2).split(/=(.*)/s);
      const is = (full: string) => name !== "" && full.startsWith(name);
      const matches = ["dir", "target", ...STOW_VALUED, ...STOW_FLAGS].filter(is);
      if (matches.length !== 1 && !matches.includes(name)) {
        unread = true;
        continue;
      }
      const option = matches.includes(name) ? name : (matches[0] as string);
      if (option === "adopt") adopt = true;
      if (option === "dir" || option === "target" || STOW_VALUED.includes(option)) {
        const got = value(i + 1, glued ?? "");
        if (glued === undefined) i++;
        if (option === "dir") dir = got;
        if (option === "target") target = got;
      }
      continue;
    }
    if (text.startsWith("-") && text !== "-") {
      for (let at = 1; at < text.length; at++) {
        const letter = text[at] as string;
        if (letter === "d" || letter === "t") {
          const glued = text.slice(at + 1);
          const got = value(i + 1, glued);
          if (glued === "") i++;
          if (letter === "d") dir = got;
          else target = got;
          break;
        }
        if (!"nvDRSp".includes(letter)) unread = true;
      }
      continue;
    }
    packages.push(i);
  }
  if (unread) {
    dir = UNKNOWN("stow directory");
    target = UNKNOWN("stow target");
  }
  const text = (word: CopyWord): string | null =>
    typeof word === "number"
      ? literal(word)
        ? (texts[word] as string)
        : null
      : word.unknown
        ? null
        : word.text;
  return packages.flatMap((index) => {
    const folder = text(dir);
    const name = text(index);
    const from: CopyWord =
      folder === null || name === null
        ? UNKNOWN("stow package")
        : { text: posix.join(folder, name) };
    const calls: CopyCall[] = [
      { tool: "cp", args: [{ text: "-rsT" }, { text: "--" }, from, target] },
    ];
    if (adopt) calls.push({ tool: "cp", args: [{ text: "-rT" }, { text: "--" }, target, from] });
    return calls;
  });
}

/**
 * `ditto SOURCE… DEST` (macOS): a folder's contents go into DEST (`cp -rT`), files into DEST
 * as a folder when there are several (`cp -r`): both readings.
 */
function dittoCalls(texts: readonly string[], literal: (index: number) => boolean): CopyCall[] {
  const operands: number[] = [];
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i] as string;
    if (literal(i) && text.startsWith("-") && text !== "-") {
      // --bom FILE, --arch ARCH take a value.
      if (/^--(bom|arch)$/.test(text)) i++;
      continue;
    }
    operands.push(i);
  }
  const destination = operands.at(-1);
  if (destination === undefined || operands.length < 2) return [];
  return [
    { tool: "cp", args: [{ text: "-r" }, { text: "--" }, ...operands] },
    ...operands.slice(0, -1).map(
      (from): CopyCall => ({
        tool: "cp",
        args: [{ text: "-rT" }, { text: "--" }, from, destination],
      }),
    ),
  ];
}

/** Options of yarn's and pnpm's `link` that leave node_modules where it is. */
const PACKAGE_LINK_FLAGS =
  /^(-g|--global|-S|--save|-D|--save-dev|-O|--save-optional|-E|--save-exact|--no-save|--private|--relative|-r|--all|-A)$/;

/**
 * `yarn link [NAME|DIR…]` and `pnpm link [NAME|DIR…]`: node_modules/NAME becomes a link to a
 * package registered globally (where it lives, the text does not show); a folder operand is
 * linked under the name its package.json gives, and with no operand the package itself is
 * registered in a global folder (a link there to the working directory). An option before
 * `link` or one that moves the project (`--cwd`, `-C`, `--dir`) leaves node_modules's place
 * unknown. (`npm link` is read by npm's own rule: its global prefix and names are unknown.)
 */
function packageLinkCalls(
  texts: readonly string[],
  literal: (index: number) => boolean,
): CopyCall[] {
  const at = texts.findIndex((text, i) => i > 0 && literal(i) && text === "link");
  if (at === -1) return [];
  let moved = false;
  for (let i = 1; i < at; i++) {
    // A word before `link` that is no option is another subcommand (`yarn run link`).
    if (literal(i) && !(texts[i] as string).startsWith("-")) return [];
    moved = true;
  }
  const operands: number[] = [];
  for (let i = at + 1; i < texts.length; i++) {
    const text = texts[i] as string;
    if (!literal(i)) {
      moved = true;
      operands.push(i);
    } else if (text.startsWith("-")) {
      if (!PACKAGE_LINK_FLAGS.test(text)) moved = true;
    } else operands.push(i);
  }
  const link = (target: CopyWord, place: CopyWord): CopyCall => ({
    tool: "ln",
    args: [{ text: "-sT" }, { text: "--" }, target, place],
  });
  if (operands.length === 0) return [link({ text: "." }, UNKNOWN("global link folder"))];
  return operands.map((index) => {
    const text = texts[index] as string;
    const folder = !literal(index) || /^[.~/]/.test(text) || /^[^@].*\//.test(text);
    if (folder) return link(index, UNKNOWN("node_modules/package name"));
    return link(
      UNKNOWN("global package"),
      moved ? UNKNOWN("node_modules") : { text: `node_modules/${text}` },
    );
  });
}

/**
 * The coreutils calls a program's words stand for when it makes links or copies or moves
 * files under another name (see {@link cmakeCalls}); null for a program the table does not
 * rewrite (coreutils' own, and every program that copies nothing).
 *
 * @param texts - the executed words, the program first
 * @param literal - whether the word at an index is known as written (not computed)
 */
export function copyCalls(
  texts: readonly string[],
  literal: (index: number) => boolean,
): CopyCall[] | null {
  const read = COPIERS.get(toolName(texts[0] ?? "") ?? "");
  return read === undefined ? null : read(texts, literal);
}

/** The programs the table reads, by name. */
const COPIERS: ReadonlyMap<
  string,
  (texts: readonly string[], literal: (index: number) => boolean) => CopyCall[]
> = new Map([
  ["cmake", cmakeCalls],
  ["cmake3", cmakeCalls],
  ["lndir", lndirCalls],
  ["stow", stowCalls],
  ["ditto", dittoCalls],
  ["yarn", packageLinkCalls],
  ["pnpm", packageLinkCalls],
]);

/** Whether a program name is one the table may rewrite (a cheap test before {@link copyCalls}). */
export function mayCopy(name: string): boolean {
  return COPIERS.has(name);
}
