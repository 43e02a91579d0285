// S31 tool-cache-pickle (R50, traced on the host): black unpickles its cache file,
// $BLACK_CACHE_DIR/<version>/cache.<mode>.pickle (else below $XDG_CACHE_HOME/black), a name
// fixed for a version and mode. A protocol-0 pickle the string wrote there ran git push when
// black started. A pickle below the cache folder the string chose is code nobody read.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

const PICKLE = "printf \"cos\\nsystem\\n(S'git push'\\ntR.\"";

describe("black's pickled cache (S31 tool-cache-pickle)", () => {
  it.each([
    `mkdir -p c/26.5.1; ${PICKLE} > c/26.5.1/cache.-.88.pickle; BLACK_CACHE_DIR=c black .`,
    `mkdir -p c/26.5.1; ${PICKLE} > c/26.5.1/cache.-.88.pickle; export BLACK_CACHE_DIR=c; black .`,
    `mkdir -p black/26.5.1; ${PICKLE} > black/26.5.1/cache.-.88.pickle; XDG_CACHE_HOME=/repo black .`,
    `${PICKLE} > /tmp/c/26.5.1/cache.-.88.pickle; BLACK_CACHE_DIR=/tmp/c black --check src`,
    `mkdir -p .cache/black/26.5.1; ${PICKLE} > .cache/black/26.5.1/cache.-.88.pickle; HOME=/repo black .`,
    // pylint before 4 unpickles <PYLINTHOME>/<module>1.stats (its caching.py).
    `${PICKLE} > src1.stats; PYLINTHOME=. pylint src`,
    `mkdir -p pylint; ${PICKLE} > pylint/src1.stats; XDG_CACHE_HOME=/repo pylint src`,
    // S32 settings-home: a cache folder the string chose may hold a pickle it did not write (a
    // cloned project's, an earlier call's in /tmp).
    "BLACK_CACHE_DIR=/tmp/c black .",
    "echo x > /tmp/notes.txt; BLACK_CACHE_DIR=/tmp/c black .",
    "echo x > /tmp/notes.txt; PYLINTHOME=/tmp/p pylint src",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "black .",
    "echo x > /tmp/notes.txt; black .",
    "black --check . && ruff check .",
    "echo x > /tmp/notes.txt; pylint src",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
