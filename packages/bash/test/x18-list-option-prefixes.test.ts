import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** Whether the analysis has a path it cannot name or a write somewhere under `/`. */
async function reachesUnnamed(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.some((unit) => unit.sentinel !== null) ||
    analysis.paths.some(
      (path) => path.sentinel !== undefined || path.path === "/" || path.glob === "/**",
    )
  );
}

/**
 * Attack round E18 (traced under bash 5.2 with the programs installed): programs that read the
 * files named in a list or write an archive's members where they are named.
 * - long-option-prefix-of-list-option: getopt_long takes any unique prefix (`wc --files0=-`,
 *   `tar --files-fr l`, `md5sum --che l`, `cpio --cre`, `cpio --pass d`, `tar -x --abs`,
 *   `xgettext --files=-`), where only the full names were read;
 * - file-list-reader-not-tabled: ack -x / --files-from, pax -w, paxcpio -o/-p, paxtar -I,
 *   zip --names-stdin;
 * - archive-extract-outside-not-tabled: pax -r, paxcpio -i, paxtar -xP keep absolute names.
 */
describe("a list or an archive names the files", () => {
  it.each([
    "printf '/home/user/notes.txt\\0' | wc --files0=-",
    "printf '/home/user/notes.txt\\0' | sort --files0-fr=-",
    "echo /home/user/notes.txt | tar -cf x.tar --files-fr -",
    "tar -cf x.tar --files=l",
    "tar -xf x.tar --abs",
    "tar -xf x.tar --absolute-n",
    "md5sum --che l",
    "sha256sum --c l",
    "echo /home/user/notes.txt | cpio --cre > x.cpio",
    "echo /home/user/notes.txt | cpio --pass /repo/d",
    "echo /home/user/notes.txt | xgettext --files=- -o x.pot",
    "echo /home/user/notes.txt | msgcat --files-f=-",
    "echo /home/user/notes.txt | zip x.zip --names-st",
    "echo /home/user/notes.txt | ack -x x",
    "ack --files-from=/dev/stdin x <<< /home/user/notes.txt",
    "echo /home/user/notes.txt | pax -wf x.pax",
    "pax -w -f x.pax < l",
    "pax -r -f x.pax",
    "pax -r < x.pax",
    "echo /home/user/notes.txt | paxcpio -o > x.cpio",
    "paxcpio -i < x.cpio",
    "paxtar -c -f x.tar -I l",
    "paxtar -xPf x.tar",
  ])("%j", async (command) => {
    expect(await reachesUnnamed(command)).toBe(true);
  });

  it.each([
    // The options these abbreviate are not list options: `--file` is tar's archive.
    "tar -c --file=x.tar src",
    "wc -l README.md",
    "md5sum README.md",
    "ack --files-with-matches x src",
    "sort --field-separator=, data.csv",
  ])("%j names its files", async (command) => {
    expect(await reachesUnnamed(command)).toBe(false);
  });
});
