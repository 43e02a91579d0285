import { type Word, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
import { type FileCommand, type OperandView, type PathUse, shapedPaths } from "./paths.ts";

/**
 * Programs that write a file named by an option of their own (`shuf -o f`, `iconv -o f`,
 * `sdiff -o f`, `openssl enc -out f`) or named inside what they read (`patch`): the file
 * tables of paths.ts take these entries.
 */

/** The values of the options `pattern` names, with `access`. */
function valuesOf(view: OperandView, pattern: RegExp, access: PathAccess): PathUse[] {
  return view.options.flatMap((option) =>
    option.value !== null && pattern.test(option.name) ? [{ word: option.value, access }] : [],
  );
}

/** Whether an option `pattern` names is given. */
function given(view: OperandView, pattern: RegExp): boolean {
  return view.options.some((option) => pattern.test(option.name));
}

/**
 * openssl's options that name a file it writes: the output, a key it generates, a session,
 * a key log, a message trace, the random state; `-outdir` a folder it writes certificates in.
 */
const OPENSSL_WRITES = /^(out|keyout|sess_out|keylogfile|msgfile|writerand|CAserial|outdir)$/;
/** openssl's options that name a file it reads. */
const OPENSSL_READS =
  /^(in|inkey|key|config|CAfile|cert|signkey|CA|CAkey|kfile|rand|certfile|paramfile|peerkey|sigfile|keyfile|signer|recip|sess_in|untrusted|trusted|chainCAfile|verifyCAfile|CRL|crl|extfile|spkac|ss_cert|infiles|dhparam|psk_session|reqin|data|queryfile|dcert|dkey|cert_chain|revoke|CApath|CAstore)$/;

/**
 * openssl's words: `-name VALUE` (also `--name`, and `-name=VALUE`), each option taking the
 * next word when it names a file, with the access the option says; every word is also read
 * by its shape as for a program no table knows (`/x`, `./x`, `file:/x`, `SO_PATH:/x`).
 */
function opensslPaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = shapedPaths(words.slice(1), []);
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const match = word.literal ? /^--?([A-Za-z_]+)(?:=(.*))?$/s.exec(word.text) : null;
    if (match === null) continue;
    const name = match[1] as string;
    const writes = OPENSSL_WRITES.test(name);
    if (!writes && !OPENSSL_READS.test(name)) continue;
    const attached = match[2];
    const value =
      attached !== undefined
        ? wordFromText(attached, { tilde: attached.startsWith("~") })
        : words[i + 1];
    if (attached === undefined) i++;
    if (value === undefined || value.text === "-" || value.text === "") continue;
    if (name === "outdir") uses.push({ word: value, access: "write", below: true });
    else uses.push({ word: value, access: writes ? "write" : "read" });
  }
  return uses;
}

/** patch's options that write a file of their own: the output, the rejects. */
const PATCH_WRITES = /^(o|output|r|reject-file)$/;

/**
 * patch writes the files named inside the diff it reads (from `-i FILE`, the second operand,
 * or stdin), below the folder `-d` names (the working directory without it): like `git apply`,
 * any file below it. With `--dry-run` it writes none of them, but reads them. `-B PREFIX`
 * puts backups at PREFIX followed by each file's name.
 */
function patchPaths(view: OperandView): PathUse[] {
  const dry = given(view, /^(dry-run|dry|dry-|dr|check|C)$/);
  const folders = valuesOf(view, /^(d|directory)$/, dry ? "read" : "write");
  const base = folders.length > 0 ? folders : [{ word: wordFromText("."), access: "write" }];
  const uses: PathUse[] = base.map((use) => ({
    word: use.word,
    access: dry ? "read" : "write",
    below: true,
  }));
  uses.push(...valuesOf(view, /^(i|input)$/, "read"));
  if (!dry) uses.push(...valuesOf(view, PATCH_WRITES, "write"));
  for (const option of view.options) {
    if (!/^(B|prefix)$/.test(option.name) || option.value === null) continue;
    const prefix = option.value;
    uses.push(
      prefix.literal
        ? {
            word: wordFromText(`${prefix.text.replace(/[*?[\]\\]/g, "\\$&")}*`, { glob: true }),
            access: "write",
          }
        : { word: prefix, access: "write" },
    );
  }
  const [original, diff] = view.operands;
  if (original !== undefined) uses.push({ word: original, access: dry ? "read" : "read_write" });
  if (original !== undefined && !dry && folders.length === 0) {
    uses.push(...patchBackups(view, original));
  }
  if (diff !== undefined) uses.push({ word: diff, access: "read" });
  return uses;
}

/**
 * The backups patch makes of the file it is named (S32 F-prec, traced: `echo > .e; patch -b -z
 * nv .e < fix.diff` renamed /repo/.e to /repo/.env). With `-b`, and by default when a hunk
 * does not match exactly (--backup-if-mismatch), the old file is kept beside it as FILE +
 * suffix or FILE.~N~ (numbered): the glob FILE* holds every such name; with `-z SUF` /
 * `--suffix=SUF` (the last one) and no prefix or version-control option, the simple name
 * FILE + SUF is judged exactly, so a suffix completing a protected name is denied, not asked.
 * A suffix holding `/` would be a path through FILE, which is no folder: only the glob counts.
 */
function patchBackups(view: OperandView, original: Word): PathUse[] {
  if (!original.literal) return [];
  const escaped = original.text.replace(/[*?[\]\\]/g, "\\$&");
  const uses: PathUse[] = [
    { word: wordFromText(`${escaped}*`, { glob: true, tilde: original.tilde }), access: "write" },
  ];
  let suffix: Word | null | undefined;
  let shaped = false;
  for (const option of view.options) {
    const name = option.name;
    if (name === "z" || (name.length >= 3 && "suffix".startsWith(name))) suffix = option.value;
    else if (/^[BYV]$/.test(name)) shaped = true;
    else if (
      name.length >= 2 &&
      ["prefix", "basename-prefix", "version-control"].some((full) => full.startsWith(name))
    ) {
      shaped = true;
    }
  }
  if (shaped || suffix === undefined || suffix === null || !suffix.literal) return uses;
  if (suffix.text === "" || suffix.text.includes("/")) return uses;
  uses.push({
    word: wordFromText(`${original.text}${suffix.text}`, { tilde: original.tilde }),
    access: "write",
  });
  return uses;
}

export const OUTPUT_OPTION_COMMANDS: readonly FileCommand[] = [
  {
    names: ["shuf"],
    valueShort: "ino",
    valueLong: ["input-range", "head-count", "output", "random-source"],
    // Any unique prefix names the option, one letter included (`--o FILE`, `--ou=FILE`).
    shortestLong: 1,
    flagExamples: ["shuf -r /etc/passwd", "shuf -z /etc/passwd"],
    // With -e the operands are the lines themselves; with -i a range; else one input file.
    rule: (view) => [
      ...(given(view, /^(e|echo|i|input-range)$/)
        ? []
        : view.operands.map((word) => ({ word, access: "read" as const }))),
      ...valuesOf(view, /^(o|output)$/, "write"),
      ...valuesOf(view, /^random-source$/, "read"),
    ],
  },
  {
    names: ["iconv"],
    valueShort: "fto",
    valueLong: ["from-code", "to-code", "output"],
    // Any unique prefix names the option, one letter included (`--o FILE`, `--ou=FILE`).
    shortestLong: 1,
    flagExamples: ["iconv -c /etc/passwd", "iconv -s /etc/passwd"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "read" as const })),
      ...valuesOf(view, /^(o|output)$/, "write"),
    ],
  },
  {
    names: ["sdiff"],
    valueShort: "oIw",
    valueLong: ["output", "ignore-matching-lines", "width", "tabsize", "diff-program"],
    // Any unique prefix names the option, one letter included (`--o FILE`, `--ou=FILE`).
    shortestLong: 1,
    flagExamples: ["sdiff -s /etc/passwd", "sdiff -W /etc/passwd", "sdiff -l /etc/passwd"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "read" as const })),
      ...valuesOf(view, /^(o|output)$/, "write"),
    ],
  },
  {
    names: ["patch"],
    valueShort: "BDdFgioprVxYz",
    valueLong: [
      ...["prefix", "ifdef", "directory", "fuzz", "get", "input", "output", "strip"],
      ...["reject-file", "version-control", "basename-prefix", "suffix", "quoting-style"],
      ...["reject-format", "read-only"],
    ],
    flagExamples: ["patch -R /etc/passwd", "patch -N /etc/passwd", "patch -s /etc/passwd"],
    rule: patchPaths,
  },
  {
    names: ["openssl"],
    words: opensslPaths,
    rule: () => [],
  },
];
