/**
 * The copies `perl -i SUFFIX` and `sed -i SUFFIX` keep of each file they edit in place. Both
 * name it the same way: a suffix without `*` is appended to the file's name, and each `*` in
 * one stands for the file's name AS WRITTEN, folders included, never its base name (S31
 * perl-inplace-star-fullname, R47; host check: `perl -pi'bak/*' src/a.ts` wrote bak/src/a.ts,
 * `perl -pi'.*' /dev/null ./README.md` linked the file to ../README.md, outside the project;
 * GNU sed 4.9 under strace: `rename("./src/a.ts", "../src/a.ts")`). The name is relative to the
 * working directory. A suffix of `*` alone keeps no copy, nor does an empty one.
 */

import { type Word, wordFromText } from "../read/words.ts";
import type { PathUse } from "./paths.ts";

/** The copy of FILE kept with SUFFIX (null when the suffix only known at run time). */
export function inPlaceBackups(file: Word, suffix: string | null, program: string): PathUse[] {
  if (suffix === "" || suffix === "*") return [];
  const unknown: PathUse = {
    word: wordFromText(`$(the backup ${program} -i keeps)`, { computed: true }),
    access: "write",
  };
  if (suffix === null || !file.literal) return [unknown];
  const tilde = file.tilde === true;
  if (!suffix.includes("*")) {
    return [{ word: wordFromText(`${file.text}${suffix}`, { tilde }), access: "write" }];
  }
  // A `~` bash expanded stands first in the name only when the suffix starts with `*`.
  if (tilde && !suffix.startsWith("*")) return [unknown];
  const name = suffix.replaceAll("*", file.text);
  return [{ word: wordFromText(name, { tilde }), access: "write" }];
}

/**
 * perl's `-i`: the rest of the word is the suffix (`-pi.bak`, `-pinv` is `nv`, `-pie` is `e`,
 * `-i'.*'`), read where perl reads its switches: clusters of letters before the script, `-e`
 * and `-E` taking their code and `-I` its folder from the rest of the word or the next word,
 * the letters that take an optional value taking the rest of the word. The files are the
 * operands after the script (every operand with -e). The last -i counts.
 */
export function perlBackups(words: readonly Word[]): PathUse[] {
  const head = words[0];
  if (head === undefined || !/(^|\/)perl[0-9.]*$/.test(head.text)) return [];
  let suffix: string | null | undefined;
  let code = false;
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    // A computed word there is the script, which is not known either.
    if (!word.literal) break;
    if (text === "--") {
      i++;
      break;
    }
    if (!text.startsWith("-") || text === "-") break;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      if (letter === "i") {
        suffix = text.slice(k + 1);
        break;
      }
      if (letter === "e" || letter === "E" || letter === "I") {
        if (letter !== "I") code = true;
        if (k + 1 === text.length) i++;
        break;
      }
      // The switches with an optional value take the rest of the word.
      if ("CdDFmMVx".includes(letter)) break;
      // -l takes octal digits, -0 octal digits or `x` and hex digits.
      const digits = letter === "0" && /[xX]/.test(text[k + 1] ?? "") ? /[xX0-9a-fA-F]/ : /[0-7]/;
      if (letter === "0" || letter === "l") while (digits.test(text[k + 1] ?? "")) k++;
    }
  }
  if (suffix === undefined) return [];
  const operands = words.slice(i);
  const files = code ? operands : operands.slice(1);
  return files.flatMap((file) => inPlaceBackups(file, suffix, "perl"));
}
