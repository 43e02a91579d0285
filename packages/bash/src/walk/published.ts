import { SENTINELS } from "../sentinels.ts";
import type { BashUnit, TouchedPath } from "../types.ts";
import type { PendingUnit } from "./walk.ts";

/**
 * The public units and touched paths of a string's pending units, in their order: what both
 * the full analysis and the fast path (`fast-path.ts`) hand back, so that the two answer
 * field for field alike. `origin` is the folder the string starts in; `text` gives a unit's
 * source text.
 */
export function publishedUnits(
  pending: readonly PendingUnit[],
  origin: string,
  text: (unit: PendingUnit) => string,
): { units: BashUnit[]; paths: TouchedPath[] } {
  const units: BashUnit[] = [];
  const paths: TouchedPath[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < pending.length; index++) {
    const each = pending[index] as PendingUnit;
    const unit: BashUnit = {
      text: text(each),
      argv: each.argv,
      context: each.context,
      wrappers: each.wrappers,
      executed: each.executed,
      sentinel: each.sentinel,
    };
    if (each.computed) unit.computed = each.computed;
    if (each.callsFunction) unit.callsFunction = true;
    if (each.hostedBy !== undefined) unit.hostedBy = each.hostedBy;
    if (each.runs) unit.runs = each.runs;
    if (each.background) unit.background = true;
    units.push(unit);
    // The key holds the unit's index: only paths of one unit can be the same, so a unit with
    // one path needs no key.
    const alone = each.paths.length < 2;
    for (const path of each.paths) {
      const touched: TouchedPath = {
        raw: path.raw,
        path: path.path,
        access: path.access,
        unit: index,
        via: path.via,
      };
      if (path.glob !== null) touched.glob = path.glob;
      // INVARIANT: a path nobody can work out is kept, marked, never dropped.
      else if (path.path === null) touched.sentinel = SENTINELS.computedPath;
      if (path.glob !== null && path.listed) touched.listed = true;
      if (path.glob !== null && path.starsSkipDots) touched.starsSkipDots = true;
      // Only news when the raw word does not show it (a `cd` moved the shell, or an expansion
      // made the text). A `cd ..` (no `-P`) climbs lexically from the folder bash says it is in.
      const joined = path.joined;
      if (
        joined !== undefined &&
        joined !== path.raw &&
        joined !== `${origin}/${path.raw}` &&
        !logicalCd(each.argv)
      ) {
        touched.joined = joined;
      }
      // Fields joined by a character no path or raw word holds unescaped (cheaper than JSON).
      if (!alone) {
        const key = `${touched.raw}\u0000${touched.path}\u0000${touched.access}\u0000${index}\u0000${touched.via}\u0000${touched.glob ?? ""}\u0000${touched.sentinel ?? ""}\u0000${touched.joined ?? ""}\u0000${touched.listed ?? ""}\u0000${touched.starsSkipDots ?? ""}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      paths.push(touched);
    }
  }
  return { units, paths };
}

/** `cd DIR` / `pushd DIR` without `-P`: bash enters `$PWD/DIR` with `..` applied as text. */
function logicalCd(argv: readonly string[]): boolean {
  if (argv[0] !== "cd" && argv[0] !== "pushd") return false;
  let logical = true;
  for (const word of argv.slice(1)) {
    if (word === "--" || !/^-[LPe@]+$/.test(word)) break;
    for (const letter of word) {
      if (letter === "P") logical = false;
      else if (letter === "L") logical = true;
    }
  }
  return logical;
}
