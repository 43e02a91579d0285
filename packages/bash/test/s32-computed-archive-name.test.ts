import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

// S32 F-prec2 computed-archive-name: `tar czf "rel-$(git rev-parse --short HEAD).tgz" src`
// asked <opaque-bash-wrapper>: tar floored every computed word that might be an option or a
// `host:file` archive (GNU tar connects to the host of such a name). A word that starts with
// written text and holds only trusted names that print no `:` (an object id, a number, a
// `date +%F`) is neither, even when the name prints nothing (S32 F-empty: `rel-.tgz`).

describe("s32: a computed archive name", () => {
  it.each([
    'tar czf "rel-$(git rev-parse --short HEAD).tgz" src',
    "tar czf rel-$(date +%F).tgz src",
    'tar -czf "build/out-$(date +%Y%m%d).tar.gz" dist',
    'tar -cf "snap-$(git rev-list -1 HEAD).tar" src README.md',
    'tar czf "logs-$(date +%s).tgz" "logs-$(date +%F)"',
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });

  it.each([
    // A `:` in the name (date's %T, written text) may name a remote archive.
    'tar czf "h$(date +%T).tgz" src',
    'tar czf "h:$(date +%s).tgz" src',
    "tar czf x-$(date -Iseconds).tgz src",
    // A name first: it may print a word of its own start (or nothing, `.tgz`).
    'tar czf "$(git rev-parse --short HEAD).tgz" src',
    // Untrusted output, a variable, a glob that may start with `-`.
    'tar czf "rel-$(cat v).tgz" src',
    'tar czf "rel-$V.tgz" src',
    'tar czf "$(cat n)" src',
    // The old style's first word stays letters only.
    'tar "c$(date +%s)f" x.tgz src',
  ])("%s is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });
});
