import { type Word, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
import { cmakeFlagFiles, driverFlag } from "./compiler-flags.ts";
import type { PathUse } from "./paths.ts";
import { mayBeOption, mayBeSeveral } from "./unknown-words.ts";
import { programStem } from "./wrappers.ts";

/**
 * Programs no file table knows whose words name the files they make or rewrite, however the
 * names look: a word of a program nobody knows is a path only by its shape (`./f`, `a/b`), so
 * the file `mkfifo f`, `ld -o a.out`, `ar rc lib.a`, `sqlite3 app.db` or `ssh-keygen -f k`
 * writes would go unseen (G15 bare-name-written-operand). Each entry reads its program's own
 * grammar; what it finds is added to what the shapes give (it never takes anything away).
 */
export interface WrittenNames {
  readonly names: readonly string[];
  /** The files the words (name first) make, rewrite or read, beyond their shapes. */
  readonly uses: (words: readonly Word[]) => PathUse[];
  /** Commands and one path each finds, as `access:/path` (`access:glob` for a glob). */
  readonly match: readonly (readonly [string, string])[];
  /** Commands of the same program that write no file by a bare name. */
  readonly notMatch: readonly string[];
}

/** Whether a word only known at run time may be an option or several words: its role is open. */
function roleOpen(word: Word): boolean {
  return !word.literal && (mayBeOption(word) || mayBeSeveral(word));
}

/** What a word of open role may be: any file, written, and everything below it. */
function anyFile(name: string, word: Word): PathUse {
  return {
    word: wordFromText(`$(the files ${name} may write for ${word.text})`, { computed: true }),
    access: "write",
    below: true,
  };
}

/** The rest of `word` after `from` characters, as a word of its own. */
function rest(word: Word, from: number): Word {
  const text = word.text.slice(from);
  return wordFromText(text, { tilde: false });
}

/** A file name's last segment without its last suffix (`src/a.c` is `a`). */
function stemOf(text: string): string {
  const base = text.replace(/\/+$/, "").split("/").pop() ?? text;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/** A literal word `text` in the working directory. */
function here(text: string): Word {
  return wordFromText(text);
}

/** mkfifo NAME… and mknod NAME TYPE [MAJOR MINOR]: the names are made. */
function nodePaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  const operands: Word[] = [];
  let options = true;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(words[0]?.text ?? "", word));
      continue;
    }
    const text = word.text;
    if (options && text === "--") {
      options = false;
      continue;
    }
    if (options && text.startsWith("-") && text !== "-") {
      // -m MODE (or -mMODE, --mode MODE, --mode=MODE); -Z and --context[=CTX] take nothing apart.
      if (text === "-m" || /^-Z*m$/.test(text) || text === "--mode" || text === "--mod") i++;
      continue;
    }
    operands.push(word);
  }
  const made = /mknod$/.test(programStem(words[0]?.text ?? "")) ? operands.slice(0, 1) : operands;
  return [...uses, ...made.map((word) => ({ word, access: "write" as const }))];
}

/**
 * The linkers' separate option values (GNU ld, gold, lld, mold): files they read (`-T`), files
 * they write (`-o`, `-Map`), and values that are no file.
 */
const LD_WRITES = /^(-o|--output|-Map|--Map|--out-implib|--dependency-file)$/;
const LD_READS =
  /^(-T|--script|--version-script|--dynamic-list|--retain-symbols-file|-R|--just-symbols)$/;
const LD_VALUES =
  /^(-[LeumyYAbcfFGhIOazl]|-soname|-rpath|-rpath-link|--library-path|--entry|--undefined|--trace-symbol|--architecture|--format|--dynamic-linker|--soname|--rpath|--rpath-link|--sysroot|--hash-style|--defsym|--wrap|--section-start|--image-base|--exclude-libs|-plugin|--plugin|-plugin-opt|--plugin-opt|--filter|--auxiliary|--audit|-m|--emulation)$/;

/** Whether the words only ask a program about itself (`--version`, `--help`, `-print-…`). */
function asksItself(words: readonly Word[]): boolean {
  return words
    .slice(1)
    .some((word) =>
      /^(--version|--help|--target-help|-dumpversion|-dumpmachine|-print-.*|--print-.*)$/.test(
        word.text,
      ),
    );
}

/**
 * ld: `-o FILE` (`-oFILE`, `--output[=]FILE`) is written, `a.out` when no output is named;
 * `-Map FILE` and `--out-implib FILE` too; the object files and libraries are read.
 */
function linkerPaths(words: readonly Word[]): PathUse[] {
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  let output = false;
  let operands = 0;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(name, word));
      output = true;
      continue;
    }
    const text = word.text;
    if (!text.startsWith("-") || text === "-") {
      uses.push({ word, access: "read" });
      operands++;
      continue;
    }
    const eq = text.indexOf("=");
    const option = eq === -1 ? text : text.slice(0, eq);
    const attached = eq === -1 ? null : rest(word, eq + 1);
    if (LD_WRITES.test(option)) {
      const value = attached ?? words[++i];
      if (value !== undefined) uses.push({ word: value, access: "write" });
      if (option === "-o" || option === "--output") output = true;
      continue;
    }
    if (/^-o./.test(text)) {
      uses.push({ word: rest(word, 2), access: "write" });
      output = true;
      continue;
    }
    if (LD_READS.test(option)) {
      const value = attached ?? words[++i];
      if (value !== undefined) uses.push({ word: value, access: "read" });
      continue;
    }
    if (attached === null && LD_VALUES.test(option)) i++;
  }
  if (!output && operands > 0 && !asksItself(words)) {
    uses.push({ word: here("a.out"), access: "write" });
  }
  return uses;
}

/**
 * as: `-o FILE` is written (`a.out` without it), a listing `-a…=FILE` too; the sources are read.
 */
function assemblerPaths(words: readonly Word[]): PathUse[] {
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  let output = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(name, word));
      output = true;
      continue;
    }
    const text = word.text;
    if (!text.startsWith("-") || text === "-") {
      uses.push({ word, access: "read" });
      continue;
    }
    if (text === "-o") {
      const value = words[++i];
      if (value !== undefined) uses.push({ word: value, access: "write" });
      output = true;
    } else if (/^-o./.test(text)) {
      uses.push({ word: rest(word, 2), access: "write" });
      output = true;
    } else if (/^-a[a-z]*=./.test(text)) {
      uses.push({ word: rest(word, text.indexOf("=") + 1), access: "write" });
    } else if (/^(-I|--defsym|--MD|-MD)$/.test(text)) {
      i++;
    }
  }
  if (!output && !asksItself(words)) uses.push({ word: here("a.out"), access: "write" });
  return uses;
}

/**
 * gcc, cc, clang and their kin: `-o FILE` is written; without it, a link writes `a.out`, `-c`
 * writes `NAME.o` and `-S` `NAME.s` for each source, in the working directory (gcc's manual,
 * "Options Controlling the Kind of Output"); `-E` writes to standard output. `-MF FILE` and
 * `-aux-info FILE` are written, `-include FILE` read; the sources are read.
 */
function compilerPaths(words: readonly Word[]): PathUse[] {
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  const sources: Word[] = [];
  let output = false;
  let stop: "c" | "S" | "E" | null = null;
  const texts = words.map((word) => word.text);
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(name, word));
      output = true;
      continue;
    }
    const text = word.text;
    if (!text.startsWith("-") || text === "-") {
      if (text !== "-" && !text.startsWith("@")) sources.push(word);
      uses.push({ word, access: "read" });
      continue;
    }
    if (text === "-o") {
      const value = words[++i];
      if (value !== undefined) uses.push({ word: value, access: "write" });
      output = true;
      continue;
    }
    if (/^-o./.test(text)) {
      uses.push({ word: rest(word, 2), access: "write" });
      output = true;
      continue;
    }
    if (text === "-c" || text === "-S" || text === "-E") {
      if (stop === null || text === "-E" || (text === "-S" && stop === "c")) stop = text[1] as "c";
      continue;
    }
    if (/^-(fsyntax-only|M|MM)$/.test(text)) {
      stop = "E";
      continue;
    }
    // The one reading of the driver's flags (compiler-flags.ts): a value of its own is taken,
    // and one naming a file read or written is that file.
    const flag = driverFlag(texts, i);
    if (flag.effect === null) continue;
    const value =
      flag.taken === 2
        ? words[i + 1]
        : flag.value === null
          ? undefined
          : rest(word, text.length - flag.value.length);
    i += flag.taken - 1;
    if (value !== undefined && (flag.effect === "read" || flag.effect === "write")) {
      uses.push({ word: value, access: flag.effect });
    }
  }
  if (output || stop === "E" || asksItself(words)) return uses;
  if (stop === null) {
    if (sources.length > 0) uses.push({ word: here("a.out"), access: "write" });
    return uses;
  }
  for (const source of sources) {
    uses.push({
      word: here(`${stemOf(source.text)}.${stop === "c" ? "o" : "s"}`),
      access: "write",
    });
  }
  return uses;
}

/**
 * ar: `ar [-]KEY[MODS] [RELPOS] [COUNT] ARCHIVE [MEMBER…]` (GNU binutils' manual). `r` and `q`
 * write the archive and read the members named, `d`, `m` and `s` rewrite it, `t` and `p` read
 * it, `x` writes the members into the working directory (or `--output DIR`): every member when
 * none is named, and with `P` under the full names they were stored with (any path).
 */
function archiverPaths(words: readonly Word[]): PathUse[] {
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  let letters = "";
  let keyRead = false;
  let folder: Word | null = null;
  const operands: Word[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) return [anyFile(name, word)];
    const text = word.text;
    if (/^--(output|plugin|target)$/.test(text)) {
      const value = words[++i];
      if (text === "--output" && value !== undefined) folder = value;
      continue;
    }
    const output = /^--output=(.*)$/s.exec(text);
    if (output !== null) {
      folder = rest(word, 9);
      continue;
    }
    if (text.startsWith("--")) continue;
    if (/^-X/.test(text)) continue;
    if (text.startsWith("-") && text !== "-") {
      letters += text.slice(1);
      keyRead = true;
      continue;
    }
    if (!keyRead) {
      letters += text;
      keyRead = true;
      continue;
    }
    operands.push(word);
  }
  const operation = /[dmpqrstx]/.exec(letters)?.[0];
  if (operation === undefined) return uses;
  // a, b and i take the member to insert next to; N the count of the member of that name.
  const skip = (/[abi]/.test(letters) ? 1 : 0) + (/N/.test(letters) ? 1 : 0);
  const [archive, ...members] = operands.slice(skip);
  if (archive === undefined) return uses;
  switch (operation) {
    case "r":
    case "q":
      uses.push({ word: archive, access: "read_write" });
      uses.push(...members.map((word) => ({ word, access: "read" as const })));
      break;
    case "d":
    case "m":
    case "s":
      uses.push({ word: archive, access: "read_write" });
      break;
    case "t":
    case "p":
      uses.push({ word: archive, access: "read" });
      break;
    case "x": {
      uses.push({ word: archive, access: "read" });
      const into = folder?.text.replace(/\/+$/, "") ?? "";
      if (/P/.test(letters)) {
        uses.push(anyFile(name, archive));
      } else if (members.length === 0) {
        uses.push({ word: folder ?? here("."), access: "write", below: true });
      } else {
        for (const member of members) {
          const base = member.text.split("/").pop() ?? member.text;
          uses.push({
            word:
              folder === null
                ? here(base)
                : wordFromText(`${into}/${base}`, { tilde: folder.tilde }),
            access: "write",
          });
        }
      }
      break;
    }
  }
  return uses;
}

/** ranlib, strip, objcopy: each file named is rewritten in place; `-o FILE` is written. */
function rewriterPaths(words: readonly Word[]): PathUse[] {
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(name, word));
      continue;
    }
    const text = word.text;
    if (text === "-o") {
      const value = words[++i];
      if (value !== undefined) uses.push({ word: value, access: "write" });
      continue;
    }
    if (/^-o./.test(text)) {
      uses.push({ word: rest(word, 2), access: "write" });
      continue;
    }
    // A value given apart (`-O binary`, `-R .comment`) is read as a file too: it only adds.
    if (!text.startsWith("-") || text === "-") uses.push({ word, access: "read_write" });
  }
  return uses;
}

/** sqlite3's options that take the next word (see opaque.ts, `sqliteDatabase`). */
const SQLITE_VALUES =
  /^-{1,2}(cmd|init|separator|newline|nullvalue|vfs|maxsize|mmap|heap|escape|nonce|sorterref|threadsafe)$/;
/** sqlite3's options that take the next two words (SIZE N). */
const SQLITE_TWO_VALUES = /^-{1,2}(lookaside|pagecache)$/;

/**
 * sqlite3 DB [SQL…]: the database file is opened for reading and writing and made when SQL
 * writes to it (`-readonly` only reads it); `:memory:` and an empty name are no file.
 */
function sqlitePaths(words: readonly Word[]): PathUse[] {
  let readonly = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) return [anyFile("sqlite3", word)];
    const text = word.text;
    if (/^-{1,2}readonly$/.test(text)) readonly = true;
    if (!text.startsWith("-")) {
      if (text === "" || text === ":memory:") return [];
      const access = readonly ? "read" : "read_write";
      if (text.startsWith("file:")) return sqliteUriPaths(word, access);
      return [{ word, access }];
    }
    if (SQLITE_VALUES.test(text)) i++;
    else if (SQLITE_TWO_VALUES.test(text)) i += 2;
  }
  return [];
}

/**
 * The files of a database operand the sqlite3 shell opens as a URI (it always opens with
 * SQLITE_OPEN_URI, so every name that starts with `file:` is one): `file:PATH` or
 * `file://[localhost]/PATH`, with `%XX` escapes decoded and the query (`?mode=ro`) and
 * fragment cut off; `file:%2fhome%2fuser%2fx.db` is /home/user/x.db. A query that names a
 * VFS, or an escape that decodes to NUL or does not decode, may open anything.
 */
function sqliteUriPaths(word: Word, access: PathAccess): PathUse[] {
  let rest = word.text.slice("file:".length);
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    if (authority !== "" && authority !== "localhost") return [anyFile("sqlite3", word)];
    rest = slash === -1 ? "" : rest.slice(slash);
  }
  const hash = rest.indexOf("#");
  if (hash !== -1) rest = rest.slice(0, hash);
  const query = rest.indexOf("?");
  const parameters = query === -1 ? "" : rest.slice(query + 1);
  const path = query === -1 ? rest : rest.slice(0, query);
  const uses: PathUse[] = [];
  for (const parameter of parameters.split("&")) {
    const [name = "", value = ""] = parameter.split("=", 2);
    const key = percentDecoded(name);
    if (key === null) return [anyFile("sqlite3", word)];
    if (key === "" || /^(mode|cache|immutable|nolock|psow)$/.test(key)) continue;
    // modeof=FILE reads FILE's mode for a database it makes; vfs= and unknown keys are not
    // modelled.
    const file = percentDecoded(value);
    if (key !== "modeof" || file === null || file === "") return [anyFile("sqlite3", word)];
    uses.push({ word: wordFromText(file, { tilde: false }), access: "read" });
  }
  const decoded = percentDecoded(path);
  if (decoded === null) return [anyFile("sqlite3", word)];
  // `file:` and `file::memory:` are a temporary and an in-memory database.
  if (decoded !== "" && decoded !== ":memory:") {
    uses.push({ word: wordFromText(decoded, { tilde: false }), access });
  }
  return uses;
}

/** `%XX` escapes decoded; null for a malformed escape or one that decodes to NUL. */
function percentDecoded(text: string): string | null {
  if (!text.includes("%")) return text;
  if (/%(?![0-9A-Fa-f]{2})|%00/.test(text)) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    // Bytes that are no UTF-8 still name a file; such a name is not modelled.
    return null;
  }
}

/**
 * ssh-keygen's `-f FILE`: the key it makes (and `FILE.pub`), or the file it reads (`-l`, `-y`,
 * `-e`, `-i`, `-B`, `-F`, `-D`), rewrites (`-p`, `-c`, and the known_hosts file of `-R`/`-H`)
 * (ssh-keygen(1)).
 */
function sshKeygenPaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  const files: Word[] = [];
  let letters = "";
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) return [anyFile("ssh-keygen", word)];
    const text = word.text;
    if (!/^-[A-Za-z]/.test(text)) continue;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      letters += letter;
      // ssh-keygen's letters that take a value (the getopt string of OpenSSH 9).
      if (!"CDEFIMNOPRVYZabfjmnrstwz".includes(letter)) continue;
      const value = k + 1 < text.length ? rest(word, k + 1) : words[++i];
      if (letter === "f" && value !== undefined) files.push(value);
      break;
    }
  }
  if (files.length === 0) return uses;
  const access: PathAccess = /[pcRH]/.test(letters)
    ? "read_write"
    : /[lyeiBFDQY]/.test(letters)
      ? "read"
      : "write";
  for (const file of files) {
    uses.push({ word: file, access });
    if (access === "write" && file.literal) {
      uses.push({ word: wordFromText(`${file.text}.pub`, { tilde: file.tilde }), access: "write" });
    }
  }
  return uses;
}

/**
 * How a program that writes into folders reads its words: options whose value is a folder it
 * writes below, a file it writes or reads, or a value of no interest; every option spelled as
 * its table spells it (`caseless`: TypeScript's, which also takes one dash), `--name=value`
 * included. What the other words are is the entry's `operands` to say.
 */
interface FolderGrammar {
  readonly folders?: readonly string[];
  readonly files?: readonly string[];
  readonly reads?: readonly string[];
  readonly values?: readonly string[];
  readonly caseless?: true;
}

interface ReadWords {
  readonly uses: PathUse[];
  readonly flags: string[];
  readonly operands: Word[];
  /** A word of open role was met: it may be any option, the writing ones included. */
  readonly open: boolean;
}

function optionKey(text: string, caseless: boolean): string {
  return caseless ? `--${text.replace(/^--?/, "").toLowerCase()}` : text;
}

/** Reads `words` (name first) by `grammar`. */
function readFolderWords(words: readonly Word[], grammar: FolderGrammar, from = 1): ReadWords {
  const caseless = grammar.caseless === true;
  const keys = (list: readonly string[] | undefined) =>
    new Set((list ?? []).map((option) => optionKey(option, caseless)));
  const folders = keys(grammar.folders);
  const files = keys(grammar.files);
  const reads = keys(grammar.reads);
  const values = keys(grammar.values);
  const name = words[0]?.text ?? "";
  const uses: PathUse[] = [];
  const flags: string[] = [];
  const operands: Word[] = [];
  let open = false;
  let options = true;
  for (let i = from; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile(name, word));
      open = true;
      continue;
    }
    const text = word.text;
    if (options && text === "--") {
      options = false;
      continue;
    }
    if (!options || !text.startsWith("-") || text === "-") {
      operands.push(word);
      continue;
    }
    const eq = text.startsWith("--") || caseless ? text.indexOf("=") : -1;
    const key = optionKey(eq === -1 ? text : text.slice(0, eq), caseless);
    const taken = folders.has(key) || files.has(key) || reads.has(key) || values.has(key);
    if (!taken) {
      flags.push(key);
      continue;
    }
    const value = eq === -1 ? words[++i] : rest(word, eq + 1);
    if (value === undefined) continue;
    if (folders.has(key)) uses.push({ word: value, access: "write", below: true });
    else if (files.has(key)) uses.push({ word: value, access: "write" });
    else if (reads.has(key)) uses.push({ word: value, access: "read" });
  }
  return { uses, flags, operands, open };
}

/** Whether a flag among `flags` is one of `names` (a short cluster holding `letter` counts). */
function flagged(flags: readonly string[], names: readonly string[], letter?: string): boolean {
  return flags.some(
    (flag) =>
      names.includes(flag) ||
      (letter !== undefined && /^-[A-Za-z]*$/.test(flag) && flag.includes(letter, 1)),
  );
}

/** A literal folder word and a glob below it (`src` and `*.go`: `src/**\/*.go`, any depth). */
export function filesBelow(folder: Word, glob: string, access: PathAccess): PathUse {
  if (!folder.literal) return { word: folder, access, below: true };
  const base = folder.text.replace(/\/+$/, "").replace(/[*?[\]\\]/g, "\\$&");
  const text = base === "" ? `/**/${glob}` : `${base}/**/${glob}`;
  return { word: wordFromText(text, { glob: true, tilde: folder.tilde }), access, deep: true };
}

/**
 * A formatter or fixer in the mode that writes: each operand, a file or a folder it walks,
 * is rewritten, everything below a folder included (`prettier --write src` rewrites
 * src/a.ts); the working directory when it takes none and `here` says it then walks it.
 */
function rewritten(read: ReadWords, here: boolean): PathUse[] {
  const operands = read.operands.length === 0 && here ? [wordFromText(".")] : read.operands;
  return [
    ...read.uses,
    ...operands.map((word) => ({ word, access: "read_write" as const, below: true as const })),
  ];
}

/** The operands only read (a formatter that checks, a compiler's sources). */
function readOnly(read: ReadWords): PathUse[] {
  return [...read.uses, ...read.operands.map((word) => ({ word, access: "read" as const }))];
}

const JAVAC: FolderGrammar = {
  folders: ["-d", "-s", "-h"],
  files: ["-Xstdout"],
  values: [
    ...["-cp", "-classpath", "--class-path", "-sourcepath", "--source-path", "-bootclasspath"],
    ...["--boot-class-path", "-encoding", "-source", "--source", "-target", "--target"],
    ...["--release", "-processor", "-processorpath", "--processor-path", "-p"],
    ...["--processor-module-path", "--module-path", "--module-source-path", "-m", "--module"],
    ...["--upgrade-module-path", "--system", "--add-modules", "--limit-modules"],
    ...["--add-exports", "--add-reads", "--patch-module", "-extdirs", "-endorseddirs"],
    ...["--default-module-for-created-files", "-Xmaxerrs", "-Xmaxwarns", "-Xplugin"],
  ],
};

/**
 * javac: `-d DIR` (class files), `-s DIR` (generated sources) and `-h DIR` (native headers)
 * are written below; without `-d` each class file is written beside its source (javac's
 * manual). An `@file` of arguments may hold any option.
 */
function javacPaths(words: readonly Word[]): PathUse[] {
  const read = readFolderWords(words, JAVAC);
  const uses = readOnly(read);
  for (const operand of read.operands) {
    if (operand.literal && operand.text.startsWith("@")) uses.push(anyFile("javac", operand));
  }
  if (read.open || words.some((word) => word.text === "-d")) return uses;
  for (const source of read.operands) {
    if (!source.literal || !source.text.endsWith(".java")) continue;
    const folder = source.text.slice(0, source.text.lastIndexOf("/") + 1);
    const escaped = folder.replace(/[*?[\]\\]/g, "\\$&");
    uses.push({
      word: wordFromText(`${escaped}*.class`, { glob: true, tilde: source.tilde }),
      access: "write",
    });
  }
  return uses;
}

/** kotlinc, scalac: `-d DIR` (or a jar) is written below. */
function jvmCompilerPaths(words: readonly Word[]): PathUse[] {
  return readOnly(
    readFolderWords(words, {
      folders: ["-d"],
      values: ["-cp", "-classpath", "-jvm-target", "-module-name", "-jdk-home", "-kotlin-home"],
    }),
  );
}

const TSC: FolderGrammar = {
  caseless: true,
  folders: ["--outDir", "--declarationDir", "--generateTrace"],
  files: ["--outFile", "--out", "--tsBuildInfoFile", "--generateCpuProfile"],
  reads: ["-p", "--project"],
  values: [
    ...["-t", "--target", "-m", "--module", "--lib", "--jsx", "--moduleResolution"],
    ...["--rootDir", "--rootDirs", "--baseUrl", "--types", "--typeRoots", "--locale"],
    ...["--newLine", "--jsxFactory", "--jsxFragmentFactory", "--jsxImportSource"],
    ...["--mapRoot", "--sourceRoot", "--paths", "--plugins", "--moduleSuffixes"],
    ...["--customConditions", "--moduleDetection", "--importsNotUsedAsValues"],
    ...["--maxNodeModuleJsDepth", "--watchFile", "--watchDirectory", "--fallbackPolling"],
    ...["--excludeDirectories", "--excludeFiles", "--ignoreDeprecations", "--charset"],
  ],
};

/**
 * tsc: `--outDir DIR` and `--declarationDir DIR` are written below, `--outFile FILE` and
 * `--tsBuildInfoFile FILE` written (TypeScript takes its options in any case, with one dash or
 * two); without an output folder each source's outputs (`a.js`, `a.d.ts`, `a.js.map`) are
 * written beside it, and `--noEmit` writes none of them.
 */
function tscPaths(words: readonly Word[]): PathUse[] {
  const read = readFolderWords(words, TSC);
  const uses = readOnly(read);
  const noEmit = read.flags.includes("--noemit");
  const elsewhere = uses.some((use) => use.access === "write");
  if (noEmit || elsewhere || read.open || read.flags.some((flag) => /^--?(b|build)$/.test(flag)))
    return uses;
  for (const source of read.operands) {
    if (!source.literal || !/\.[cm]?tsx?$/.test(source.text)) continue;
    const stem = source.text.replace(/(\.d)?\.[cm]?tsx?$/, "").replace(/[*?[\]\\]/g, "\\$&");
    uses.push({
      word: wordFromText(`${stem}.*`, { glob: true, tilde: source.tilde }),
      access: "write",
    });
  }
  return uses;
}

/**
 * A formatter or fixer: `writes(flags)` says whether this run rewrites its operands (files,
 * and folders it walks: every file below them), `here` whether it walks the working directory
 * when given none.
 */
function formatter(
  grammar: FolderGrammar,
  writes: (flags: readonly string[], words: readonly Word[]) => boolean,
  here = false,
): (words: readonly Word[]) => PathUse[] {
  return (words) => {
    const read = readFolderWords(words, grammar);
    return read.open || writes(read.flags, words) ? rewritten(read, here) : readOnly(read);
  };
}

const PRETTIER: FolderGrammar = {
  files: ["--cache-location"],
  reads: ["--config", "--ignore-path"],
  values: [
    ...["--plugin", "--parser", "--stdin-filepath", "--log-level", "--loglevel"],
    ...["--cache-strategy", "--config-precedence", "--end-of-line", "--print-width"],
    ...["--tab-width", "--trailing-comma", "--quote-props", "--arrow-parens", "--prose-wrap"],
    ...["--html-whitespace-sensitivity", "--embedded-language-formatting", "--cursor-offset"],
    ...["--range-start", "--range-end", "--plugin-search-dir", "--object-wrap"],
    ...["--experimental-operator-position"],
  ],
};

const ESLINT: FolderGrammar = {
  files: ["-o", "--output-file", "--cache-location"],
  reads: ["-c", "--config", "--ignore-path", "--rulesdir"],
  values: [
    ...["--env", "--ext", "--global", "--parser", "--parser-options", "--plugin", "--rule"],
    ...["--resolve-plugins-relative-to", "--ignore-pattern", "--stdin-filename", "-f"],
    ...["--format", "--max-warnings", "--cache-strategy", "--fix-type", "--flag"],
    ...["--report-unused-disable-directives-severity", "--concurrency"],
  ],
};

const BLACK: FolderGrammar = {
  reads: ["--config"],
  values: [
    ...["-l", "--line-length", "-t", "--target-version", "--include", "--exclude"],
    ...["--extend-exclude", "--force-exclude", "--stdin-filename", "-W", "--workers"],
    ...["--required-version", "--python-cell-magics", "--enable-unstable-feature", "-c"],
    ...["--code"],
  ],
};

const RUFF: FolderGrammar = {
  folders: ["--cache-dir"],
  files: ["-o", "--output-file"],
  reads: ["--config"],
  values: [
    ...["--target-version", "--line-length", "--extension", "--exclude", "--extend-exclude"],
    ...["--stdin-filename", "--select", "--ignore", "--extend-select", "--extend-ignore"],
    ...["--per-file-ignores", "--extend-per-file-ignores", "--fixable", "--unfixable"],
    ...["--extend-fixable", "--output-format", "--range", "--dependency-order"],
  ],
};

/**
 * ruff: `ruff format` rewrites its operands (the working directory without any) unless
 * `--check`/`--diff`; `ruff check --fix` (also `--unsafe-fixes` with it) likewise.
 */
function ruffPaths(words: readonly Word[]): PathUse[] {
  const sub = words[1]?.text;
  if (sub !== "format" && sub !== "check") return [];
  const read = readFolderWords(words, RUFF, 2);
  const writes =
    sub === "format"
      ? !flagged(read.flags, ["--check", "--diff"])
      : flagged(read.flags, ["--fix"]) && !flagged(read.flags, ["--diff", "--no-fix"]);
  return read.open || writes ? rewritten(read, true) : readOnly(read);
}

/**
 * rustfmt rewrites each file given and the modules it declares, which lie in the file's folder
 * and below (`mod a;` is `a.rs` or `a/mod.rs`): every `.rs` file there. `--check` and
 * `--emit stdout` write nothing.
 */
function rustfmtPaths(words: readonly Word[]): PathUse[] {
  const read = readFolderWords(words, {
    values: ["--edition", "--config", "--config-path", "--color", "--emit", "--style-edition"],
  });
  const emits = words.findIndex((word) => /^--emit(=|$)/.test(word.text));
  const stdout =
    emits !== -1 &&
    (words[emits]?.text === "--emit=stdout" ||
      (words[emits]?.text === "--emit" && words[emits + 1]?.text === "stdout"));
  if (!read.open && (flagged(read.flags, ["--check"]) || stdout)) return readOnly(read);
  const uses: PathUse[] = [...read.uses];
  for (const file of read.operands) {
    uses.push({ word: file, access: "read_write" });
    if (!file.literal) continue;
    const folder = file.text.slice(0, file.text.lastIndexOf("/") + 1) || ".";
    uses.push(filesBelow(wordFromText(folder, { tilde: file.tilde }), "*.rs", "read_write"));
  }
  return uses;
}

/** go fmt and go fix: each package's `.go` files (a `…/...` pattern: every package below). */
function goRewritePaths(words: readonly Word[]): PathUse[] {
  const sub = words[1]?.text;
  if (sub !== "fmt" && sub !== "fix") return [];
  const read = readFolderWords(words, { values: ["-mod", "-modfile", "-fix"] }, 2);
  const uses: PathUse[] = [...read.uses];
  const packages = read.operands.length === 0 ? [wordFromText(".")] : read.operands;
  for (const pkg of packages) {
    if (!pkg.literal) {
      uses.push({ word: pkg, access: "read_write", below: true });
      continue;
    }
    const all = /(^|\/)\.\.\.$/.test(pkg.text);
    const folder = all ? pkg.text.replace(/\/?\.\.\.$/, "") || "." : pkg.text;
    if (folder.endsWith(".go")) continue;
    uses.push(
      all
        ? filesBelow(wordFromText(folder), "*.go", "read_write")
        : {
            word: wordFromText(`${folder.replace(/[*?[\]\\]/g, "\\$&")}/*.go`, { glob: true }),
            access: "read_write",
          },
    );
  }
  return uses;
}

/**
 * Bundlers and transpilers: the output folder (`--outdir`, `-d`, `--out-dir`, `--dir`,
 * `--output-path`, `--outDir`) is written below, the output file written.
 */
const BUNDLERS: ReadonlyMap<string, FolderGrammar> = new Map([
  ["esbuild", { folders: ["--outdir"], files: ["--outfile", "--metafile"] }],
  [
    "babel",
    {
      folders: ["-d", "--out-dir"],
      files: ["-o", "--out-file"],
      reads: ["--config-file"],
      values: ["--extensions", "--ignore", "--only", "--source-maps", "--presets", "--plugins"],
    },
  ],
  ["swc", { folders: ["-d", "--out-dir"], files: ["-o", "--out-file"], reads: ["--config-file"] }],
  [
    "rollup",
    {
      folders: ["-d", "--dir"],
      files: ["-o", "--file"],

      values: ["-f", "--format", "-n", "--name", "-p", "--plugin", "-e", "--external", "-g"],
    },
  ],
  [
    "webpack",
    {
      folders: ["-o", "--output-path"],
      reads: ["-c", "--config"],
      values: ["--mode", "--entry", "--name", "--target", "--env", "--devtool"],
    },
  ],
  ["vite", { folders: ["--outDir"], reads: ["-c", "--config"], values: ["--mode", "--base"] }],
  [
    "cmake",
    {
      folders: ["-B", "--build", "--install-prefix"],
      values: ["-S", "-G", "-T", "-A", "-D", "-U", "-C", "--preset", "--target", "-j"],
    },
  ],
]);

function bundlerPaths(words: readonly Word[]): PathUse[] {
  const name = programStem(words[0]?.text ?? "");
  const grammar = BUNDLERS.get(name);
  if (grammar === undefined) return [];
  const read = readFolderWords(words, grammar);
  // cmake's `-BDIR` and `-SDIR` are written as one word.
  for (const word of words.slice(1)) {
    if (name === "cmake" && word.literal && /^-B./.test(word.text)) {
      read.uses.push({ word: rest(word, 2), access: "write", below: true });
    }
  }
  // The files its compiler and linker flags name (`-DCMAKE_C_FLAGS='-include F'`): the
  // compiler checks open them as the compiler does (R21 cmake-arg1, traced).
  if (name === "cmake") {
    for (const { text, access } of cmakeFlagFiles(words)) {
      read.uses.push({ word: wordFromText(text, { tilde: text.startsWith("~") }), access });
    }
  }
  if (name === "cmake") read.uses.push(...cmakeInstallPaths(words));
  // cmake's and vite's other words are subcommands, folders and settings it only reads.
  return name === "cmake" || name === "vite" ? read.uses : readOnly(read);
}

/**
 * `cmake --install DIR` and `cmake --build DIR --target install` (`-t install/strip`, any
 * `install…` target, or one only known at run time) copy the project's files below the
 * install prefix: `--prefix P`'s, else the one DIR's cache holds, which nobody reads here
 * (/usr/local by default, anywhere by `-DCMAKE_INSTALL_PREFIX`): the whole tree is written
 * (R24 cmake-install-prefix, traced: wrote /usr/local/share/x).
 */
function cmakeInstallPaths(words: readonly Word[]): PathUse[] {
  const mode = words[1];
  if (mode === undefined || !mode.literal) return [];
  const end = words.findIndex((word, i) => i > 1 && word.text === "--");
  const own = end === -1 ? words.slice(2) : words.slice(2, end);
  let installs = mode.text === "--install";
  if (mode.text === "--build") {
    let targets = false;
    for (const word of own) {
      if (word.text === "--target" || word.text === "-t") targets = true;
      else if (word.literal && word.text.startsWith("-") && !/^(?:--target=|-t.)/.test(word.text))
        targets = false;
      const target = word.literal
        ? /^(?:--target=|-t(?!-))?(.*)$/s.exec(word.text)?.[1]
        : targets
          ? "install"
          : undefined;
      const named = targets || /^(?:--target=|-t.)/.test(word.text);
      if (named && target !== undefined && /^install(?:\/|$)/.test(target)) installs = true;
    }
  }
  if (!installs) return [];
  const at = own.findIndex((word) => word.text === "--prefix" || word.text.startsWith("--prefix="));
  const option = own[at];
  const prefix =
    option === undefined
      ? undefined
      : option.text === "--prefix"
        ? own[at + 1]
        : rest(option, "--prefix=".length);
  if (prefix?.literal && prefix.text !== "") {
    return [{ word: prefix, access: "write", below: true }];
  }
  return [{ word: wordFromText("/"), access: "write", below: true }];
}

/**
 * protoc: each `--LANG_out=DIR` (`OPTIONS:DIR` too) writes its generated files below DIR;
 * `-o FILE`/`--descriptor_set_out=FILE` write a file; the .proto files are read.
 */
function protocPaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (roleOpen(word)) {
      uses.push(anyFile("protoc", word));
      continue;
    }
    const text = word.text;
    const out = /^--([A-Za-z0-9_-]+)_out(=|$)/.exec(text);
    if (out !== null) {
      const value = out[2] === "=" ? rest(word, out[0].length) : words[++i];
      if (value === undefined) continue;
      const colon = value.literal ? value.text.lastIndexOf(":") : -1;
      uses.push({
        word: colon === -1 ? value : rest(value, colon + 1),
        access: "write",
        below: true,
      });
      continue;
    }
    if (/^(-o|--descriptor_set_out|--dependency_out)$/.test(text)) {
      const value = words[++i];
      if (value !== undefined) uses.push({ word: value, access: "write" });
      continue;
    }
    const attached = /^(-o|--descriptor_set_out=|--dependency_out=)(.+)$/s.exec(text);
    if (attached !== null) {
      uses.push({ word: rest(word, (attached[1] as string).length), access: "write" });
      continue;
    }
    if (!text.startsWith("-")) uses.push({ word, access: "read" });
  }
  return uses;
}

/**
 * 7z: `x`/`e` extract into `-oDIR` (the working directory without it), every member below it;
 * `a`/`u`/`d`/`rn` write the archive.
 */
function sevenZipPaths(words: readonly Word[]): PathUse[] {
  const args = words.slice(1);
  const open = args.find(roleOpen);
  if (open !== undefined) return [anyFile("7z", open)];
  const command = args.find((word) => !word.text.startsWith("-"));
  if (command === undefined) return [];
  const operands = args.filter((word) => word !== command && !word.text.startsWith("-"));
  const [archive] = operands;
  if (archive === undefined) return [];
  if (/^[ex]$/.test(command.text)) {
    const folder = args.find((word) => /^-o./.test(word.text));
    return [
      { word: archive, access: "read" },
      {
        word: folder === undefined ? wordFromText(".") : rest(folder, 2),
        access: "write",
        below: true,
      },
    ];
  }
  if (/^(a|u|d|rn)$/.test(command.text)) {
    return [
      { word: archive, access: "read_write" },
      ...operands.slice(1).map((word) => ({ word, access: "read" as const, below: true as const })),
    ];
  }
  return [{ word: archive, access: "read" }];
}

/** Folders under the home folder a user-scope installer writes below (`~/.gem`). */
function homeFolders(...paths: string[]): PathUse[] {
  return paths.map((path) => ({
    word: wordFromText(path, { tilde: true }),
    access: "write" as const,
    home: true as const,
    below: true as const,
  }));
}

/** The separate or `=`-joined value of the option `names` spells, as a word. */
function optionValue(words: readonly Word[], names: readonly string[]): Word | null {
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) continue;
    if (names.includes(word.text)) return words[i + 1] ?? null;
    const name = names.find(
      (option) => option.startsWith("--") && word.text.startsWith(`${option}=`),
    );
    if (name !== undefined) return rest(word, name.length + 1);
  }
  return null;
}

/**
 * gem install/update (RubyGems' manual): `--install-dir DIR` (`-i`) and `--bindir DIR` (`-n`)
 * are written below; `--user-install` writes the user's gem folder (`~/.gem/ruby/VERSION`, or
 * `~/.local/share/gem/ruby/VERSION` where `~/.gem` does not exist: G15 traced it); without
 * either, the gem home (`GEM_HOME`, the system's gem folder, or the user's when that is not
 * writable): a folder outside the project the words do not name.
 */
function gemPaths(words: readonly Word[]): PathUse[] {
  const args = words.slice(1);
  const open = args.find(roleOpen);
  if (open !== undefined) return [anyFile("gem", open)];
  const sub = args.find((word) => !word.text.startsWith("-"))?.text;
  if (sub === undefined || !/^(install|i|update|up)$/.test(sub)) return [];
  const uses: PathUse[] = [];
  const bindir = optionValue(words, ["-n", "--bindir"]);
  if (bindir !== null) uses.push({ word: bindir, access: "write", below: true });
  const into = optionValue(words, ["-i", "--install-dir"]);
  if (into !== null) return [...uses, { word: into, access: "write", below: true }];
  uses.push(...homeFolders("~/.gem", "~/.local/share/gem"));
  if (!args.some((word) => word.text === "--user-install")) {
    uses.push({
      word: wordFromText("$(the gem home)", { computed: true }),
      access: "write",
      below: true,
    });
  }
  return uses;
}

/** cargo install --root DIR writes the programs under DIR/bin (its home folder otherwise). */
function cargoInstallPaths(words: readonly Word[]): PathUse[] {
  if (words[1]?.text !== "install") return [];
  const root = optionValue(words, ["--root"]);
  return root === null ? [] : [{ word: root, access: "write", below: true }];
}

/** composer global …: the packages live in Composer's home (`~/.config/composer`, `~/.composer`). */
function composerPaths(words: readonly Word[]): PathUse[] {
  const sub = words.slice(1).find((word) => !word.text.startsWith("-"));
  return sub?.text === "global" ? homeFolders("~/.config/composer", "~/.composer") : [];
}

/** dotnet tool install/update -g: `~/.dotnet/tools`; `--tool-path DIR` writes DIR. */
function dotnetToolPaths(words: readonly Word[]): PathUse[] {
  if (words[1]?.text !== "tool" || !/^(install|update)$/.test(words[2]?.text ?? "")) return [];
  const path = optionValue(words, ["--tool-path"]);
  if (path !== null) return [{ word: path, access: "write", below: true }];
  return words.some((word) => /^(-g|--global)$/.test(word.text))
    ? homeFolders("~/.dotnet/tools")
    : [];
}

/** deno install -g: the script's launcher in `~/.deno/bin`; `--root DIR` writes DIR/bin. */
function denoInstallPaths(words: readonly Word[]): PathUse[] {
  if (words[1]?.text !== "install") return [];
  const root = optionValue(words, ["--root"]);
  if (root !== null) return [{ word: root, access: "write", below: true }];
  return words.some((word) => /^(-g|--global)$/.test(word.text)) ? homeFolders("~/.deno") : [];
}

/** The value of each option `pattern` matches, given apart or after `=`. */
function valuesOfOptions(words: readonly Word[], pattern: RegExp, from = 1): Word[] {
  const values: Word[] = [];
  for (let i = from; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) continue;
    const eq = word.text.indexOf("=");
    const option = eq === -1 ? word.text : word.text.slice(0, eq);
    if (!pattern.test(option)) continue;
    const value = eq === -1 ? words[++i] : rest(word, eq + 1);
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** go build/test/install/vet/list: `-o FILE` and the profile flags' files are written. */
function goOutputPaths(words: readonly Word[]): PathUse[] {
  if (!/^(build|test|install|vet|list|run)$/.test(words[1]?.text ?? "")) return [];
  const files = valuesOfOptions(
    words,
    /^--?(o|coverprofile|cpuprofile|memprofile|blockprofile|mutexprofile|trace)$/,
    2,
  );
  const folders = valuesOfOptions(words, /^--?outputdir$/, 2);
  return [
    ...files.map((word) => ({ word, access: "write" as const })),
    ...folders.map((word) => ({ word, access: "write" as const, below: true as const })),
  ];
}

/**
 * docker (and podman): `save`/`export -o FILE` write the archive, `cp SRC DEST` writes DEST
 * when it is no `CONTAINER:PATH`, `build -o DIR` (`--output dest=DIR`) writes below DIR.
 */
function dockerPaths(words: readonly Word[]): PathUse[] {
  const sub = words[1]?.text ?? "";
  const args = words.slice(2);
  if (/^(save|export)$/.test(sub)) {
    return valuesOfOptions(words, /^(-o|--output)$/, 2).map((word) => ({ word, access: "write" }));
  }
  if (sub === "cp") {
    const operands = args.filter((word) => !word.text.startsWith("-"));
    const dest = operands[operands.length - 1];
    if (dest === undefined || operands.length < 2) return [];
    if (dest.literal && /^[A-Za-z0-9][A-Za-z0-9_.-]*:/.test(dest.text)) return [];
    return [{ word: dest, access: "write", below: true }];
  }
  if (/^(build|buildx)$/.test(sub)) {
    return valuesOfOptions(words, /^(-o|--output)$/, 2).map((value) => {
      const dest = value.literal ? /(?:^|,)dest=([^,]+)/.exec(value.text)?.[1] : undefined;
      const word =
        dest !== undefined
          ? wordFromText(dest)
          : value.literal && value.text.includes("=")
            ? wordFromText("$(the output docker build names)", { computed: true })
            : value;
      return { word, access: "write" as const, below: true as const };
    });
  }
  return [];
}

/** pandoc: `-o FILE` written, `--extract-media DIR` written below. */
function pandocPaths(words: readonly Word[]): PathUse[] {
  return [
    ...valuesOfOptions(words, /^(-o|--output)$/).map((word) => ({
      word,
      access: "write" as const,
    })),
    ...valuesOfOptions(words, /^--extract-media$/).map((word) => ({
      word,
      access: "write" as const,
      below: true as const,
    })),
  ];
}

/** jar: `c`/`u` with `f` write the archive named; `x` extracts into the working directory. */
function jarPaths(words: readonly Word[]): PathUse[] {
  const key = words[1];
  if (key === undefined || !key.literal) return [];
  const file = valuesOfOptions(words, /^(--file)$/);
  if (/^--?(create|update)$/.test(key.text) || /^-?[cu][a-zA-Z0-9]*$/.test(key.text)) {
    const archive = /f/.test(key.text) && !key.text.startsWith("--") ? words[2] : file[0];
    return archive === undefined ? [] : [{ word: archive, access: "write" }];
  }
  if (/^--?extract$/.test(key.text) || /^-?x[a-zA-Z0-9]*$/.test(key.text)) {
    return [{ word: wordFromText("."), access: "write", below: true }];
  }
  return [];
}

/** ImageMagick's convert/magick write their last operand; mogrify rewrites every operand. */
function magickOutputPaths(words: readonly Word[]): PathUse[] {
  const name = programStem(words[0]?.text.split("/").pop() ?? "");
  const operands = words.slice(1).filter((word) => !/^[-+]/.test(word.text));
  if (name === "mogrify") return operands.map((word) => ({ word, access: "read_write" }));
  const last = operands[operands.length - 1];
  return last === undefined || operands.length < 2 ? [] : [{ word: last, access: "write" }];
}

/**
 * Packers whose output is named by what they pack: `npm pack` writes NAME-VERSION.tgz in the
 * working directory (or `--pack-destination DIR`), `helm package CHART` the chart's `.tgz`
 * (or below `-d DIR`).
 */
function packPaths(words: readonly Word[]): PathUse[] {
  const name = programStem(words[0]?.text.split("/").pop() ?? "");
  const sub = words[1]?.text;
  const folder = (values: Word[]) =>
    values.length > 0
      ? values.map((word) => ({ word, access: "write" as const, below: true as const }))
      : [{ word: wordFromText("*.tgz", { glob: true }), access: "write" as const }];
  if (name === "npm" && sub === "pack")
    return folder(valuesOfOptions(words, /^--pack-destination$/));
  if (name === "helm" && sub === "package")
    return folder(valuesOfOptions(words, /^(-d|--destination)$/));
  return [];
}

export const WRITTEN_NAMES: readonly WrittenNames[] = [
  {
    names: ["mkfifo", "mknod"],
    uses: nodePaths,
    match: [
      ["mkfifo f", "write:/repo/f"],
      ["mkfifo -m 600 f g", "write:/repo/g"],
      ["mknod p0 p", "write:/repo/p0"],
      ["mkfifo --mode=600 -- -f", "write:/repo/-f"],
    ],
    notMatch: ["mkfifo --help"],
  },
  {
    names: ["ld", "ld.bfd", "ld.gold", "gold", "ld.lld", "lld", "ld64.lld", "mold", "ld.mold"],
    uses: linkerPaths,
    match: [
      ["ld -o a.out x.o", "write:/repo/a.out"],
      ["ld x.o", "write:/repo/a.out"],
      ["ld -oprog x.o", "write:/repo/prog"],
      ["ld --output=prog -Map map.txt x.o", "write:/repo/map.txt"],
      ["x86_64-linux-gnu-ld -o prog x.o", "write:/repo/prog"],
      ["ld -T link.ld -o prog x.o", "read:/repo/link.ld"],
    ],
    notMatch: ["ld --version", "ld -v"],
  },
  {
    names: ["as", "gas"],
    uses: assemblerPaths,
    match: [
      ["as -o x.o x.s", "write:/repo/x.o"],
      ["as x.s", "write:/repo/a.out"],
      ["as -al=listing x.s -o x.o", "write:/repo/listing"],
    ],
    notMatch: ["as --version"],
  },
  {
    names: [
      ...["cc", "c++", "gcc", "g++", "clang", "clang++", "c89", "c99", "c11", "c17", "tcc"],
      ...["icc", "icx", "icpx", "gfortran", "musl-gcc", "musl-clang"],
    ],
    uses: compilerPaths,
    match: [
      ["gcc -o prog x.c", "write:/repo/prog"],
      ["cc x.c", "write:/repo/a.out"],
      ["gcc -c src/x.c", "write:/repo/x.o"],
      ["clang -S -O2 x.c", "write:/repo/x.s"],
      ["gcc-12 -oprog x.c", "write:/repo/prog"],
      ["gcc -c x.c -MD -MF deps.d", "write:/repo/deps.d"],
      ["gcc -include secret.h -c x.c -o x.o", "read:/repo/secret.h"],
    ],
    notMatch: ["gcc --version", "gcc -E x.c", "cc -fsyntax-only x.c", "gcc -M x.c"],
  },
  {
    names: ["ar", "gcc-ar", "llvm-ar"],
    uses: archiverPaths,
    match: [
      ["ar rc a.a README.md", "read_write:/repo/a.a"],
      ["ar rcs lib.a a.o b.o", "read:/repo/b.o"],
      ["ar -r -c lib.a a.o", "read_write:/repo/lib.a"],
      ["ar d lib.a a.o", "read_write:/repo/lib.a"],
      ["ar x lib.a a.o", "write:/repo/a.o"],
      ["ar x lib.a", "write:/repo/**"],
      ["ar --output=out x lib.a a.o", "write:/repo/out/a.o"],
      ["ar rb a.o lib.a c.o", "read_write:/repo/lib.a"],
    ],
    notMatch: ["ar --version"],
  },
  {
    names: [
      "ranlib",
      "gcc-ranlib",
      "llvm-ranlib",
      "strip",
      "objcopy",
      "llvm-strip",
      "llvm-objcopy",
    ],
    uses: rewriterPaths,
    match: [
      ["ranlib lib.a", "read_write:/repo/lib.a"],
      ["strip prog", "read_write:/repo/prog"],
      ["strip -o small prog", "write:/repo/small"],
      ["objcopy -O binary prog prog.bin", "read_write:/repo/prog.bin"],
    ],
    notMatch: ["strip --version"],
  },
  {
    names: ["sqlite3", "sqlite"],
    uses: sqlitePaths,
    match: [
      ['sqlite3 db.sqlite "create table t(x)"', "read_write:/repo/db.sqlite"],
      ["sqlite3 -header -separator , app.db 'select 1'", "read_write:/repo/app.db"],
      ["sqlite3 -readonly app.db 'select 1'", "read:/repo/app.db"],
    ],
    notMatch: ["sqlite3 :memory: 'select 1'", "sqlite3 --version"],
  },
  {
    names: ["ssh-keygen"],
    uses: sshKeygenPaths,
    match: [
      ['ssh-keygen -q -f k -N ""', "write:/repo/k"],
      ["ssh-keygen -t ed25519 -f k -N ''", "write:/repo/k.pub"],
      ["ssh-keygen -fk -N ''", "write:/repo/k"],
      ["ssh-keygen -lf k.pub", "read:/repo/k.pub"],
      ["ssh-keygen -p -f k -N x -P y", "read_write:/repo/k"],
      ["ssh-keygen -R host -f kh", "read_write:/repo/kh"],
    ],
    notMatch: ["ssh-keygen -R host", "ssh-keygen -t ed25519 -C me -N ''"],
  },
  // Programs that write into folders (G15 output-dir-option, recursive-writers-missing):
  // the folder is a write covering every file below it.
  {
    names: ["javac"],
    uses: javacPaths,
    match: [
      ["javac -d src X.java", "write:/repo/src/**"],
      ["javac -s gen -d out X.java", "write:/repo/gen/**"],
      ["javac -h include X.java", "write:/repo/include/**"],
      ["javac src/X.java", "write:/repo/src/*.class"],
      ["javac --release 17 -d out X.java", "read:/repo/X.java"],
    ],
    notMatch: ["javac -version"],
  },
  {
    names: ["kotlinc", "kotlinc-jvm", "scalac"],
    uses: jvmCompilerPaths,
    match: [
      ["kotlinc X.kt -d src", "write:/repo/src/**"],
      ["scalac -d out X.scala", "write:/repo/out/**"],
    ],
    notMatch: [],
  },
  {
    names: ["tsc"],
    uses: tscPaths,
    match: [
      ["tsc --outDir src", "write:/repo/src/**"],
      ["tsc -outdir=src", "write:/repo/src/**"],
      ["tsc --declarationDir types -d", "write:/repo/types/**"],
      ["tsc --outFile src/a.js", "write:/repo/src/a.js"],
      ["tsc a.ts", "write:/repo/a.*"],
      ["tsc -p tsconfig.build.json --outDir dist", "read:/repo/tsconfig.build.json"],
    ],
    notMatch: ["tsc --noEmit", "tsc --noEmit a.ts", "tsc -p . --noemit"],
  },
  {
    names: ["prettier"],
    uses: formatter(PRETTIER, (flags) => flagged(flags, ["--write"], "w")),
    match: [
      ["prettier --write src", "read_write:/repo/src/**"],
      ["prettier -w . --log-level warn", "read_write:/repo/**"],
      ["prettier --check --cache --cache-location c.json src", "write:/repo/c.json"],
    ],
    notMatch: ["prettier --check src", "prettier -l src"],
  },
  {
    names: ["eslint"],
    uses: formatter(
      ESLINT,
      (flags) => flagged(flags, ["--fix"]) && !flagged(flags, ["--fix-dry-run"]),
      true,
    ),
    match: [
      ["eslint --fix src", "read_write:/repo/src/**"],
      ["eslint --fix", "read_write:/repo/**"],
      ["eslint -o report.json src", "write:/repo/report.json"],
    ],
    notMatch: ["eslint src", "eslint --fix-dry-run src", "eslint --ext .ts src"],
  },
  {
    names: ["black"],
    uses: formatter(BLACK, (flags) => !flagged(flags, ["--check", "--diff"])),
    match: [
      ["black src", "read_write:/repo/src/**"],
      ["black -l 100 --target-version py311 app", "read_write:/repo/app/**"],
    ],
    notMatch: ["black --check src", "black --diff src", "black -c 'x = 1'"],
  },
  {
    names: ["ruff"],
    uses: ruffPaths,
    match: [
      ["ruff format src", "read_write:/repo/src/**"],
      ["ruff format", "read_write:/repo/**"],
      ["ruff check --fix src", "read_write:/repo/src/**"],
    ],
    notMatch: ["ruff check src", "ruff format --check src", "ruff check --fix --diff src"],
  },
  {
    names: ["isort"],
    uses: formatter(
      { reads: ["--settings-path", "--sp"] },
      (flags) =>
        !flagged(flags, ["--check-only", "--check", "-c", "--diff", "--df", "--stdout", "-d"]),
    ),
    match: [["isort src", "read_write:/repo/src/**"]],
    notMatch: ["isort --check-only src", "isort --diff src"],
  },
  {
    names: ["autopep8", "yapf"],
    uses: formatter({ values: ["--select", "--ignore", "--max-line-length", "--style"] }, (flags) =>
      flagged(flags, ["--in-place"], "i"),
    ),
    match: [
      ["autopep8 -i -r src", "read_write:/repo/src/**"],
      ["yapf --in-place --recursive app", "read_write:/repo/app/**"],
    ],
    notMatch: ["autopep8 a.py", "yapf --diff src"],
  },
  {
    names: ["shfmt"],
    uses: formatter(
      { values: ["-i", "--indent", "-ln", "--language-dialect", "--filename"] },
      (flags) => flagged(flags, ["-w", "--write"]),
    ),
    match: [["shfmt -w scripts", "read_write:/repo/scripts/**"]],
    notMatch: ["shfmt -d scripts", "shfmt -l scripts"],
  },
  {
    names: ["clang-format"],
    uses: formatter(
      { values: ["-style", "--style", "-assume-filename", "--assume-filename"] },
      (flags) => flagged(flags, ["-i", "--i"]),
    ),
    match: [["clang-format -i a.c", "read_write:/repo/a.c"]],
    notMatch: ["clang-format a.c", "clang-format --dry-run a.c"],
  },
  {
    names: ["biome"],
    uses: (words) =>
      /^(format|check|lint)$/.test(words[1]?.text ?? "")
        ? formatter(
            { reads: ["--config-path"], values: ["--max-diagnostics", "--reporter"] },
            (flags) => flagged(flags, ["--write", "--apply", "--apply-unsafe", "--fix"]),
            true,
          )(words.slice(1))
        : [],
    match: [
      ["biome format --write src", "read_write:/repo/src/**"],
      ["biome check --write", "read_write:/repo/**"],
    ],
    notMatch: ["biome check src", "biome ci src"],
  },
  {
    names: ["deno"],
    uses: (words) =>
      words[1]?.text === "install"
        ? denoInstallPaths(words)
        : words[1]?.text === "fmt"
          ? formatter(
              { reads: ["--config", "-c"] },
              (flags) => !flagged(flags, ["--check"]),
              true,
            )(words.slice(1))
          : [],
    match: [
      ["deno fmt src", "read_write:/repo/src/**"],
      ["deno install -g -n x jsr:@x/y", "write:/home/user/.deno/**"],
      ["deno install --root out -g x.ts", "write:/repo/out/**"],
    ],
    notMatch: ["deno fmt --check src", "deno lint src"],
  },
  {
    names: ["rustfmt"],
    uses: rustfmtPaths,
    match: [
      ["rustfmt src/main.rs", "read_write:/repo/src/**/*.rs"],
      ["rustfmt main.rs", "read_write:/repo/**/*.rs"],
    ],
    notMatch: ["rustfmt --check main.rs", "rustfmt --emit stdout main.rs"],
  },
  {
    names: ["go"],
    uses: (words) => [...goRewritePaths(words), ...goOutputPaths(words)],
    match: [
      ["go fmt ./...", "read_write:/repo/**/*.go"],
      ["go fmt ./src", "read_write:/repo/src/*.go"],
      ["go fix ./src/...", "read_write:/repo/src/**/*.go"],
    ],
    notMatch: ["go build ./...", "go vet ./..."],
  },
  {
    names: ["docker", "podman"],
    uses: dockerPaths,
    match: [
      ["docker save -o img.tar x", "write:/repo/img.tar"],
      ["docker cp c:/etc/passwd out", "write:/repo/out/**"],
      ["docker build -o out .", "write:/repo/out/**"],
      ["docker build --output type=local,dest=out .", "write:/repo/out/**"],
    ],
    notMatch: ["docker cp out c:/tmp", "docker ps", "docker build -t x ctx"],
  },
  {
    names: ["pandoc"],
    uses: pandocPaths,
    match: [
      ["pandoc -o out.html a.md", "write:/repo/out.html"],
      ["pandoc --extract-media media -o out.md a.docx", "write:/repo/media/**"],
    ],
    notMatch: ["pandoc a.md"],
  },
  {
    names: ["jar"],
    uses: jarPaths,
    match: [
      ["jar cf x.jar X.class", "write:/repo/x.jar"],
      ["jar --create --file x.jar X.class", "write:/repo/x.jar"],
      ["jar xf x.jar", "write:/repo/**"],
    ],
    notMatch: ["jar tf x.jar"],
  },
  {
    names: ["convert", "magick", "mogrify"],
    uses: magickOutputPaths,
    match: [
      ["convert a.png -resize 50% b.png", "write:/repo/b.png"],
      ["mogrify -resize 50% a.png", "read_write:/repo/a.png"],
    ],
    notMatch: ["convert -version"],
  },
  {
    names: ["npm", "helm"],
    uses: packPaths,
    match: [
      ["npm pack", "write:/repo/*.tgz"],
      ["npm pack --pack-destination out", "write:/repo/out/**"],
      ["helm package chart -d out", "write:/repo/out/**"],
    ],
    notMatch: ["npm test", "helm list"],
  },
  {
    names: ["esbuild", "babel", "swc", "rollup", "webpack", "vite", "cmake"],
    uses: bundlerPaths,
    match: [
      ["esbuild a.js --bundle --outdir=src", "write:/repo/src/**"],
      ["esbuild a.js --outfile=out.js", "write:/repo/out.js"],
      ["babel in -d src", "write:/repo/src/**"],
      ["swc in --out-dir out", "write:/repo/out/**"],
      ["rollup -c -d dist", "write:/repo/dist/**"],
      ["webpack -o dist", "write:/repo/dist/**"],
      ["vite build --outDir src", "write:/repo/src/**"],
      ["cmake -S . -B build", "write:/repo/build/**"],
      ["cmake -Bbuild", "write:/repo/build/**"],
      ["cmake --install b", "write:/**"],
      ["cmake --install b --prefix out", "write:/repo/out/**"],
      ["cmake --build b --target install", "write:/**"],
      ["cmake --build b -t all install/strip", "write:/**"],
      ["cmake --build b --target=install", "write:/**"],
    ],
    notMatch: ["esbuild a.js", "rollup -c", "vite build", "cmake --version"],
  },
  {
    names: ["protoc"],
    uses: protocPaths,
    match: [
      ["protoc --python_out=src a.proto", "write:/repo/src/**"],
      ["protoc --go_out=paths=source_relative:gen a.proto", "write:/repo/gen/**"],
      ["protoc -o desc.pb a.proto", "write:/repo/desc.pb"],
    ],
    notMatch: ["protoc --version"],
  },
  {
    names: ["7z", "7za", "7zr"],
    uses: sevenZipPaths,
    match: [
      ["7z x a.7z -osrc", "write:/repo/src/**"],
      ["7z x a.7z", "write:/repo/**"],
      ["7z a out.7z src", "read_write:/repo/out.7z"],
    ],
    notMatch: ["7z l a.7z", "7z t a.7z"],
  },
  // User-scope installers: folders outside the project (G15 global-install-gaps).
  {
    names: ["gem"],
    uses: gemPaths,
    match: [
      ["gem install --user-install rake", "write:/home/user/.gem/**"],
      ["gem install --user-install rake", "write:/home/user/.local/share/gem/**"],
      ["gem install rake", "write:?"],
      ["gem update --user-install", "write:/home/user/.gem/**"],
      ["gem install -i vendor/gems rake", "write:/repo/vendor/gems/**"],
      ["gem install --install-dir=gems -n bin rake", "write:/repo/bin/**"],
    ],
    notMatch: ["gem list", "gem env"],
  },
  {
    names: ["cargo"],
    uses: (words) => [
      ...cargoInstallPaths(words),
      // --target-dir DIR: every build product is written below DIR.
      ...valuesOfOptions(words, /^--target-dir$/).map((word) => ({
        word,
        access: "write" as const,
        below: true as const,
      })),
    ],
    match: [
      ["cargo install --root t ripgrep", "write:/repo/t/**"],
      ["cargo build --target-dir t", "write:/repo/t/**"],
    ],
    notMatch: ["cargo build", "cargo install ripgrep"],
  },
  {
    names: ["composer"],
    uses: composerPaths,
    match: [["composer global require x/y", "write:/home/user/.config/composer/**"]],
    notMatch: ["composer install", "composer update"],
  },
  {
    names: ["dotnet"],
    uses: dotnetToolPaths,
    match: [
      ["dotnet tool install -g x", "write:/home/user/.dotnet/tools/**"],
      ["dotnet tool install --tool-path tools x", "write:/repo/tools/**"],
    ],
    notMatch: ["dotnet tool install x", "dotnet build"],
  },
];

const WRITTEN_NAMES_BY_NAME: ReadonlyMap<string, WrittenNames> = new Map(
  WRITTEN_NAMES.flatMap((entry) => entry.names.map((name) => [name, entry] as const)),
);

/** The entry of a program name, by its stem too (`gcc-12`, `x86_64-linux-gnu-ld`). */
function entryOf(name: string): WrittenNames | undefined {
  return (
    WRITTEN_NAMES_BY_NAME.get(name) ??
    (/[0-9-]/.test(name) ? WRITTEN_NAMES_BY_NAME.get(programStem(name)) : undefined)
  );
}

/**
 * Project runners that run a tool by its name after a subcommand of their own (`uv run black
 * src`, `poetry run prettier --write src`, `uvx black src`), which no wrapper table unwraps.
 */
const TOOL_RUNNERS =
  /^(uv run|uvx|poetry run|pipx run|hatch run|pdm run|pipenv run|rye run|pixi run)$/;

/**
 * The files a program of {@link WRITTEN_NAMES} names by its grammar (none for any other): the
 * program named by a path is looked up by its last segment (`./node_modules/.bin/prettier`,
 * `.venv/bin/black`), a Python module run with `-m` by the module's name (`python3 -m black
 * src`), and the tool a project runner runs by its name (`uv run black src`). These only add
 * to what the shapes give.
 */
export function writtenNamePaths(name: string, words: readonly Word[]): PathUse[] {
  const head = words[0];
  if (head === undefined || !head.literal) return [];
  const own = entryOf(name === "" ? (head.text.split("/").pop() ?? "") : name);
  if (own !== undefined) return own.uses(words);
  const base = head.text.split("/").pop() ?? "";
  if (/^(python|pypy)[0-9.]*$/.test(base)) {
    const at = words.findIndex((word) => word.text === "-m");
    const module = at > 0 ? words[at + 1] : undefined;
    const entry = module?.literal ? entryOf(module.text) : undefined;
    return entry === undefined || module === undefined
      ? []
      : entry.uses([module, ...words.slice(at + 2)]);
  }
  const runner = TOOL_RUNNERS.test(base)
    ? 1
    : TOOL_RUNNERS.test(`${base} ${words[1]?.text ?? ""}`)
      ? 2
      : 0;
  if (runner === 0) return [];
  for (let i = runner; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal || word.text.startsWith("-")) continue;
    const entry = entryOf(word.text);
    if (entry !== undefined) return entry.uses(words.slice(i));
  }
  return [];
}
