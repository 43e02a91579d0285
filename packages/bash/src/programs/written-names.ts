import { type Word, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
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

/** The C compilers' separate option values; the ones naming files they read or write. */
const CC_VALUES =
  /^(-[xIiLDUTuzeB]|-include|-imacros|-isystem|-iquote|-idirafter|-iprefix|-iwithprefix|-isysroot|-MF|-MT|-MQ|-Xlinker|-Xassembler|-Xpreprocessor|-Xclang|-target|-arch|-aux-info|-dumpdir|-dumpbase|-mllvm|-l|--param|-G)$/;
const CC_READS = /^(-include|-imacros|-T)$/;
const CC_WRITES = /^(-MF|-aux-info)$/;

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
    if (CC_VALUES.test(text)) {
      const value = words[++i];
      if (value === undefined) continue;
      if (CC_READS.test(text)) uses.push({ word: value, access: "read" });
      if (CC_WRITES.test(text)) uses.push({ word: value, access: "write" });
      continue;
    }
    const attached = /^-MF(.+)$/.exec(text)?.[1];
    if (attached !== undefined) uses.push({ word: rest(word, 3), access: "write" });
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
  /^-{1,2}(cmd|init|separator|newline|nullvalue|vfs|maxsize|mmap|lookaside|pagecache|heap|escape)$/;

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
      return [{ word, access: readonly ? "read" : "read_write" }];
    }
    if (SQLITE_VALUES.test(text)) i++;
  }
  return [];
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
];

const WRITTEN_NAMES_BY_NAME: ReadonlyMap<string, WrittenNames> = new Map(
  WRITTEN_NAMES.flatMap((entry) => entry.names.map((name) => [name, entry] as const)),
);

/** The files a program of {@link WRITTEN_NAMES} names by its grammar (none for any other). */
export function writtenNamePaths(name: string, words: readonly Word[]): PathUse[] {
  const entry =
    WRITTEN_NAMES_BY_NAME.get(name) ??
    (/[0-9-]/.test(name) ? WRITTEN_NAMES_BY_NAME.get(programStem(name)) : undefined);
  return entry === undefined ? [] : entry.uses(words);
}
