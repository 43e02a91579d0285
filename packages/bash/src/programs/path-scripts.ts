import type { Word } from "../read/words.ts";
import { scriptSource } from "./interpreter-options.ts";
import { toolName } from "./wrappers.ts";

/**
 * Shells that look a script operand without a slash up in `PATH` when the working directory
 * has no file of that name: bash does (bash(1), "ARGUMENTS"), in POSIX mode too; dash does
 * not, but `sh` is bash on many systems.
 */
const PATH_SEARCHING_SHELLS: ReadonlySet<string> = new Set(["bash", "rbash", "sh"]);

/**
 * Where, in a shell's words, a script operand stands that the shell may find in `PATH`
 * instead of the working directory: `bash fakeroot git push origin main` runs
 * /usr/bin/fakeroot (a shell script) with `git push origin main` when there is no ./fakeroot
 * (S26 bash-path-script, traced). The indices of such operands (one, or each operand that may
 * be the script when an option before it is not known); none for inline code, stdin or a
 * script named by a path.
 */
export function pathScriptStarts(words: readonly Word[]): number[] {
  const name = toolName(words[0]?.text ?? "") ?? "";
  if (!PATH_SEARCHING_SHELLS.has(name)) return [];
  const source = scriptSource(words);
  if (source === null || source.inline || source.info || source.files.length === 0) return [];
  // `-n` (noexec) only reads the script for its syntax.
  if (words.some((word, i) => i > 0 && /^-[a-zA-Z]*n[a-zA-Z]*$/.test(word.text))) return [];
  const candidates = source.unproven ? source.files : source.files.slice(-1);
  const starts: number[] = [];
  for (const file of candidates) {
    // A word only known at run time is read as a file already (a computed path); a literal
    // slash names a file by its path: no lookup (`bash ./x`, `bash src/x`).
    if (!file.literal || file.text.includes("/") || file.text === "" || file.text === "-") {
      continue;
    }
    const at = words.indexOf(file);
    if (at > 0) starts.push(at);
  }
  return starts;
}
