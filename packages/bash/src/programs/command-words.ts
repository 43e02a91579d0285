import type { BashUnit } from "../types.ts";

/**
 * The words a bash pattern is matched against for one unit (corpus README rule 3): `argv`
 * without the leading transparent wrapper layers (`timeout`, `nice`, `nohup`, `time`,
 * `stdbuf`, `setsid`, `command`, `builtin`, `exec`, `env`). Assignments and redirects are
 * never in `argv`. An indirection wrapper (`sudo`, `xargs`, `find -exec`, …) stays: the gate
 * judges these words and, separately, `unit.executed`.
 *
 * @example
 * ```ts
 * const [unit] = (await analyzeBash("nohup nice -n 10 sudo rm -rf build", options)).units;
 * commandWords(unit); // ["sudo", "rm", "-rf", "build"]
 * unit.executed; // ["rm", "-rf", "build"]
 * ```
 */
export function commandWords(unit: BashUnit): readonly string[] {
  let skip = 0;
  for (const layer of unit.wrappers) {
    // A unit of a `bash -c` payload lists its host's layers first; they are not in its argv.
    const here = layer.argv.every((word, index) => unit.argv[skip + index] === word);
    if (!here) continue;
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  return unit.argv.slice(skip);
}
