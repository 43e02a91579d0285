/**
 * pip's options given through its environment (S32 pip-option-env). pip reads every option
 * of its command line from `PIP_<NAME>` too (its configuration layer: the name after `PIP_`,
 * lower case, `_` read as `-`, is the long option): `PIP_PYTHON=./p pip list` is `pip list
 * --python ./p`, which re-ran pip under ./p (traced: execve ./p …/__pip-runner__.py list, and
 * the script's git push). A list of the variables that matter would miss the next option pip
 * adds, so every `PIP_*` variable that reaches pip is written out as the option it stands for
 * and judged with the command's own words, by every table that reads pip's command line.
 */

import { type Word, wordFromText } from "../read/words.ts";
import type { Vars } from "../walk/expand.ts";
import type { Assignment } from "../walk/injection.ts";
import { pythonRunsPip } from "./paths.ts";
import { toolName } from "./wrappers.ts";

/** Names pip's configuration layer reads from the environment but no option stands for. */
const NOT_OPTIONS: ReadonlySet<string> = new Set(["PIP_CONFIG_FILE", "PIP_VERSION", "PIP_HELP"]);

/** A value pip's strtobool reads as true, for an option that takes none (`PIP_USER=1`). */
const TRUE = /^(1|y|yes|t|true|on)$/i;

/** Whether `executed` runs pip (`pip3.11 install x`, `python3 -m pip list`). */
function runsPip(executed: readonly Word[]): boolean {
  const name = toolName(executed[0]?.text ?? "") ?? executed[0]?.text ?? "";
  return /^pip[0-9.]*$/.test(name) || pythonRunsPip(executed);
}

/**
 * The option words pip takes from `PIP_*` variables that reach it: the command's own
 * environment (`environment`: its prefix assignments and a wrapper's), and what an earlier
 * statement of the string set and may have exported (`vars`, `exported`: the names an export
 * names, null for any). Each value gives `--name=VALUE` (a value the walk does not know, a
 * computed word); one pip splits at blanks (an option given many times) gives each piece too,
 * and a true value an option without one (`--user`). Empty when `executed` is not pip.
 */
export function pipEnvironmentOptions(
  executed: readonly Word[] | null,
  environment: readonly Assignment[],
  vars: Vars,
  exported: ReadonlySet<string> | null,
): Word[] {
  if (executed === null || !runsPip(executed)) return [];
  const given = new Map<string, (Word | null)[]>();
  for (const [name, values] of vars) {
    if (!name.startsWith("PIP_") || (exported !== null && !exported.has(name))) continue;
    given.set(name, values === null ? [null] : values.map((value) => wordFromText(value.text, {})));
  }
  // The command's own environment wins over what was exported before it.
  for (const { name, value } of environment) {
    if (name.startsWith("PIP_")) given.set(name, [value]);
  }
  const words: Word[] = [];
  const flags: Word[] = [];
  for (const [name, values] of given) {
    if (NOT_OPTIONS.has(name) || !/^PIP_[A-Za-z0-9_]+$/.test(name)) continue;
    const option = `--${name.slice(4).toLowerCase().replace(/_/g, "-")}`;
    for (const value of values) {
      if (value === null || !value.literal) {
        words.push(wordFromText(`${option}=$${name}`, { computed: true }));
        continue;
      }
      if (value.text === "") continue;
      const pieces = value.text.split(/\s+/).filter((piece) => piece !== "");
      for (const text of new Set([value.text, ...pieces])) {
        words.push(wordFromText(`${option}=${text}`, {}));
      }
      if (TRUE.test(value.text)) flags.push(wordFromText(option, {}));
    }
  }
  // A bare option last: nothing after it is read as its value.
  return [...words, ...flags];
}
