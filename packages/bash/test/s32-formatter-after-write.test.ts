import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec formatter-after-write: formatters asked after any write in the project.
// - gofmt opens only the files it is named and the `.go` files of the folders it walks (not
//   dotfiles: cmd/gofmt's isGoFile); it reads no settings or module file and runs nothing.
// - `cargo fmt` reads what cargo reads (manifests, .cargo/config.toml with its aliases,
//   rust-toolchain.toml through rustup: all CARGO_FILES, still judged) and hands .rs files to
//   rustfmt: a notes.txt is nothing it loads.
// - `ruff check .` (no --fix) writes only its cache, yet counted as writing the project, so
//   `ruff check . && ruff format .` asked. Traced with ruff 0.16.9: the cache file
//   (.ruff_cache/<version>/<hash>) stores the checked files' names raw, newlines kept, and `sh`
//   on it ran the `git push` line of a name `touch $'x\ngit push origin main\n.py'` made: ruff's
//   writes are its own text only when nothing else in the string makes a name.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

describe("s32: formatters after a write load nothing the write made", () => {
  it.each([
    "echo x > notes.txt; gofmt -w .",
    "echo x > notes.txt; gofmt -l src",
    // S34 written-then-checker: gofmt reads no module file (only .go files, as data; go's
    // toolchain switch lives in the go command), so a written go.mod is nothing it loads.
    "echo x > go.mod; gofmt -w .",
    "echo x > notes.txt; cargo fmt",
    "ruff check . && ruff format .",
    "ruff check .; ruff format .",
    "ruff check --fix . && ruff format .",
    "ruff format . && ruff check --fix . && ruff check .",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    // What cargo fmt does load: aliases and runners, the toolchain, the manifest.
    "mkdir -p .cargo; printf '[alias]\\nfmt = \"run\"\\n' > .cargo/config.toml; cargo fmt",
    "printf '[toolchain]\\npath = \"/repo/t\"\\n' > rust-toolchain.toml; cargo fmt",
    "echo x > Cargo.toml; cargo fmt",
    "echo x > notes.txt; cargo +nightly fmt",
    // ruff's settings written by the string; its report written to a file npm runs.
    "printf 'cache-dir = \"/home/user/.cache/r\"\\n' > ruff.toml; ruff check .; ruff format .",
    "echo x > pyproject.toml; ruff check . && ruff format .",
    "ruff check -o scripts/test .; npm test",
    // ruff's cache holds a name the string made.
    "touch $'x\\ngit push origin main\\n.py'; ruff check --fix .; sh .ruff_cache/0.16.9/1",
    "touch $'x\\ngit push origin main\\n.py'; ruff check .; sh .ruff_cache/0.16.9/1",
    "touch $'x\\ngit push origin main\\n.py'; ruff format .; sh .ruff_cache/0.16.9/1",
    "mkdir $'x\\ngit push'; ruff check .; sh .ruff_cache/0.16.9/1",
    "ruff format . > $'x\\ngit push\\n.py'; ruff check .; sh .ruff_cache/0.16.9/1",
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });
});
