import { type Word, wordFromText } from "../read/words.ts";

/**
 * More extractors, beside the ones paths.ts reads itself (tar, unzip, cpio, pax, 7z, ptar,
 * dpkg-deb, …): programs that write an archive's (or a download's) members below a folder,
 * under whatever names the archive holds (S25 ptargrep-extract and jmod-extract, traced: after
 * `ptargrep . x.tar` or `jmod extract x.jmod`, `npm test` or `sh bin/s.sh` ran what the archive
 * held). Each gives the folders it may write below: the working directory, and the folders its
 * options or operands name. The reading over-approximates: a word only known at run time may
 * be the extracting mode, and a list or test mode the table does not know still counts as an
 * extraction (a write the program does not make costs at most an ask on a later run).
 */

/** A program's words after its name, as the extractor rules see them. */
interface ExtractorArgs {
  /** The words after the program's name. */
  readonly args: readonly Word[];
  /** Their texts, "" for a word only known at run time. */
  readonly texts: readonly string[];
}

type ExtractorRule = (view: ExtractorArgs) => Word[];

const here = (): Word => wordFromText(".");

/** Whether some word is `mode` (or only known at run time, so it may be). */
function hasWord(view: ExtractorArgs, mode: RegExp): boolean {
  return view.args.some((word, i) => !word.literal || mode.test(view.texts[i] as string));
}

/** Whether the first word is the mode (or only known at run time). */
function firstIs(view: ExtractorArgs, mode: RegExp): boolean {
  const first = view.args[0];
  return first !== undefined && (!first.literal || mode.test(first.text));
}

/**
 * The values of an option: `--long V`, `--long=V`, `-s V`, `-sV` (a long name may also be given
 * by a prefix of at least `minimum` letters, as getopt_long and jopt-simple take it).
 */
function optionValues(
  view: ExtractorArgs,
  short: string,
  long: readonly string[],
  minimum = 3,
): Word[] {
  const values: Word[] = [];
  const isLong = (name: string): boolean =>
    long.some((full) => name.length >= Math.min(minimum, full.length) && full.startsWith(name));
  view.args.forEach((word, i) => {
    if (!word.literal) return;
    const text = word.text;
    const next = view.args[i + 1];
    const longMatch = /^--?([A-Za-z][A-Za-z-]*)(?:=(.*))?$/s.exec(text);
    if (longMatch && text.startsWith("--") && isLong(longMatch[1] as string)) {
      if (longMatch[2] !== undefined) {
        values.push(wordFromText(longMatch[2], { start: word.start + text.indexOf("=") + 1 }));
      } else if (next !== undefined) {
        values.push(next);
      }
      return;
    }
    if (short === "" || !text.startsWith("-") || text.startsWith("--")) return;
    // A cluster of flags ending in the option, or the option with its value attached.
    const at = text.indexOf(short, 1);
    if (at === -1) return;
    if (at === text.length - 1) {
      if (next !== undefined) values.push(next);
    } else {
      values.push(
        wordFromText(text.slice(at + short.length), { start: word.start + at + short.length }),
      );
    }
  });
  return values;
}

/** The operands (words not starting with `-`) from index `from` on. */
function operandsFrom(view: ExtractorArgs, from: number): Word[] {
  return view.args.slice(from).filter((word) => !word.literal || !word.text.startsWith("-"));
}

/** The folder a file operand is in (its own name decides where a derived name lands). */
function folderOf(word: Word): Word {
  if (!word.literal) return wordFromText(`$(the folder of ${word.text})`, { computed: true });
  const slash = word.text.lastIndexOf("/");
  return slash <= 0
    ? wordFromText(slash === 0 ? "/" : ".")
    : wordFromText(word.text.slice(0, slash));
}

const EXTRACTORS: ReadonlyMap<string, ExtractorRule> = new Map<string, ExtractorRule>([
  // Archive::Tar's ptargrep writes every member whose content matches, unless -l/--list-only
  // (Getopt::Long: any unique prefix, one or two dashes). Its save_file only turns a leading
  // `/` into `./` and keeps `..`, so a member may land anywhere (S25, traced:
  // /home/user/notes.txt); with -b/--basename only the base name, in the working directory.
  [
    "ptargrep",
    (view) => {
      const before = view.texts.slice(
        0,
        view.texts.indexOf("--") === -1 ? undefined : view.texts.indexOf("--"),
      );
      const given = (full: string) =>
        before.some((text) => {
          const name = /^--?([a-z-]+)$/.exec(text)?.[1];
          return name !== undefined && full.startsWith(name);
        });
      if (given("list-only")) return [];
      return given("basename") ? [here()] : [here(), wordFromText("/")];
    },
  ],
  // JDK: `jmod extract [--dir D] F.jmod` and `jimage extract [--dir=D] F` write every entry
  // below D, else the working directory (S25 jmod-extract, traced: bin/s.sh, classes/).
  ...["jmod", "jimage"].map((name): [string, ExtractorRule] => [
    name,
    (view) => (hasWord(view, /^extract$/) ? [here(), ...optionValues(view, "", ["dir"], 2)] : []),
  ]),
  // jlink writes the runtime image (with the modules' bin/ commands) below --output;
  // jpackage its application below --dest/-d, else the working directory.
  ["jlink", (view) => optionValues(view, "", ["output"], 3)],
  ["jpackage", (view) => [here(), ...optionValues(view, "d", ["dest"], 3)]],
  ["cabextract", (view) => [here(), ...optionValues(view, "d", ["directory"], 2)]],
  // RAR: `unrar x|e ARCHIVE [FILES] [DEST/]` (any later operand may be the destination),
  // `-opDIR` in RAR 5.
  ...["unrar", "rar", "unrar-free"].map((name): [string, ExtractorRule] => [
    name,
    (view) =>
      firstIs(view, /^-?[xeXE]/) || name === "unrar-free"
        ? [here(), ...operandsFrom(view, 1).slice(1), ...optionValues(view, "op", [])]
        : [],
  ]),
  // LHa: `lha x ARCHIVE`, `lha -xv`, `lha xw=DIR ARCHIVE` (w= names the folder).
  ...["lha", "lhasa", "jlha"].map((name): [string, ExtractorRule] => [
    name,
    (view) => {
      if (!firstIs(view, /^-?[a-z]*[xe]/)) return [];
      const into = /w=(.+)$/.exec(view.texts[0] ?? "");
      return [here(), ...(into ? [wordFromText(into[1] as string)] : [])];
    },
  ]),
  // ARJ: `arj x ARCHIVE [BASE_DIR]`, `-htDIR`; unarj `e`/`x`; unace `x ARCHIVE [DEST]`.
  ...["arj", "unarj", "unace", "zoo"].map((name): [string, ExtractorRule] => [
    name,
    (view) =>
      firstIs(view, /^-?[xeXE]/)
        ? [here(), ...operandsFrom(view, 1).slice(1), ...optionValues(view, "ht", [])]
        : [],
  ]),
  [
    "xar",
    (view) => (hasWord(view, /^-[A-Za-z]*x/) ? [here(), ...optionValues(view, "C", [])] : []),
  ],
  // ZPAQ: `zpaq x ARCHIVE [FILES…] [-to NAMES…]`.
  ["zpaq", (view) => (firstIs(view, /^x/) ? [here(), ...operandsFrom(view, 1).slice(1)] : [])],
  // Front ends that run whichever extractor fits.
  ...["atool", "aunpack", "dtrx", "unp"].map((name): [string, ExtractorRule] => [
    name,
    (view) => [here(), ...optionValues(view, "X", ["extract-to"], 9)],
  ]),
  ["ark", (view) => [here(), ...optionValues(view, "o", ["destination"], 3)]],
  ["file-roller", (view) => [here(), ...optionValues(view, "e", ["extract-to"], 9)]],
  ["unblob", (view) => [here(), ...optionValues(view, "e", ["extract-dir"], 9)]],
  [
    "patool",
    (view) =>
      hasWord(view, /^extract$/) ? [here(), ...optionValues(view, "", ["outdir"], 3)] : [],
  ],
  ["innoextract", (view) => [here(), ...optionValues(view, "d", ["output-dir"], 3)]],
  ["msiextract", (view) => [here(), ...optionValues(view, "C", ["directory"], 3)]],
  ["wimextract", (view) => [here(), ...optionValues(view, "", ["dest-dir"], 3)]],
  ["wimapply", (view) => [here(), ...operandsFrom(view, 1)]],
  [
    "wimlib-imagex",
    (view) =>
      firstIs(view, /^(apply|extract)$/)
        ? [here(), ...operandsFrom(view, 2), ...optionValues(view, "", ["dest-dir"], 3)]
        : [],
  ],
  // lrzip's tar front ends extract into the working directory (or -O DIR); lrzip -d and
  // lrunzip write the unpacked file beside the packed one (or -o FILE, -O DIR).
  ...["lrzuntar", "lrztar"].map((name): [string, ExtractorRule] => [
    name,
    (view) =>
      name === "lrzuntar" || hasWord(view, /^-[A-Za-z]*d/)
        ? [here(), ...optionValues(view, "O", ["outdir"], 4)]
        : [],
  ]),
  ...["lrzip", "lrunzip", "p7zip"].map((name): [string, ExtractorRule] => [
    name,
    (view) =>
      name === "lrunzip" || hasWord(view, /^-[A-Za-z]*d|^--decompress$/)
        ? [
            ...operandsFrom(view, 0).map(folderOf),
            ...optionValues(view, "O", ["outdir"], 4),
            ...optionValues(view, "o", ["outfile"], 4).map(folderOf),
          ]
        : [],
  ]),
  // Backups restored into the working directory (or the named root/target).
  [
    "dar",
    (view) =>
      hasWord(view, /^-[A-Za-z]*x|^--extract$/)
        ? [here(), ...optionValues(view, "R", ["fs-root"], 4)]
        : [],
  ],
  ["restore", () => [here()]],
  ["borg", (view) => (hasWord(view, /^extract$/) ? [here()] : [])],
  [
    "restic",
    (view) =>
      hasWord(view, /^restore$/) ? [here(), ...optionValues(view, "t", ["target"], 3)] : [],
  ],
  // Package sources unpacked into the working directory: `gem unpack` (--target), `dpkg-source
  // -x X.dsc [DIR]`, `apt-get source`/`apt source` (downloads, then dpkg-source -x), dget.
  [
    "gem",
    (view) => (firstIs(view, /^unpack$/) ? [here(), ...optionValues(view, "", ["target"], 3)] : []),
  ],
  [
    "dpkg-source",
    (view) => {
      const at = view.texts.findIndex(
        (text, i) => !view.args[i]?.literal || /^(-x|--extract)$/.test(text),
      );
      return at === -1 ? [] : [here(), ...operandsFrom(view, at + 1).slice(1)];
    },
  ],
  ...["apt-get", "apt"].map((name): [string, ExtractorRule] => [
    name,
    (view) => (hasWord(view, /^(source|download)$/) ? [here()] : []),
  ]),
  ["dget", () => [here()]],
  // Mail and uuencoded attachments, saved under the names they carry.
  ["munpack", (view) => [here(), ...optionValues(view, "C", [])]],
  ["uudeview", (view) => [here(), ...optionValues(view, "p", [])]],
  ["ripmime", (view) => [here(), ...optionValues(view, "d", [])]],
  // FUSE archive mounts: the archive's members appear below the mount point (the last operand).
  ...[
    "squashfuse",
    "fuse-zip",
    "archivemount",
    "ratarmount",
    "fuseiso",
    "fuse2fs",
    "mount-zip",
  ].map((name): [string, ExtractorRule] => [name, (view) => operandsFrom(view, 0).slice(1)]),
]);

/** The folders an extractor of {@link EXTRACTORS} may write below (none for other programs). */
export function moreExtractedFolders(name: string, args: readonly Word[]): Word[] {
  const rule = EXTRACTORS.get(name);
  if (rule === undefined) return [];
  return rule({ args, texts: args.map((word) => (word.literal ? word.text : "")) });
}
