import { compilerFlagEffects } from "./compiler-flags.ts";

/**
 * rustc's and rustdoc's flags as cargo hands them over: from RUSTFLAGS and its cargo forms
 * (`CARGO_BUILD_RUSTFLAGS`, `CARGO_TARGET_<TRIPLE>_RUSTFLAGS`, the 0x1f-separated
 * `CARGO_ENCODED_RUSTFLAGS`), their rustdoc twins, and the words after `--` of `cargo rustc`,
 * `cargo rustdoc` and `cargo clippy`.
 */

/** Environment variables whose value cargo passes to every rustc or rustdoc it runs. */
export const RUSTC_FLAGS_VARIABLE =
  /^(?:RUST(?:DOC)?FLAGS|CARGO_(?:ENCODED|BUILD|HOST)_RUST(?:DOC)?FLAGS|CARGO_TARGET_[A-Za-z0-9_]+_RUST(?:DOC)?FLAGS)$/;

/**
 * Flags that run a program or load code (the linker and its arguments in either spelling,
 * `-C link-arg=…` or `--codegen=link-arg=…`, a target spec or sysroot that names a linker,
 * an extern crate or codegen backend that is loaded, `-Z` options, an `@file` of more flags,
 * rustdoc's doctest builder and runner), or that write or read files by name (`-o`,
 * `--out-dir`, `--emit=KIND=PATH`, `--print KIND=PATH`, incremental and profile folders,
 * rustdoc's header, CSS and theme files). Everyday flags (`-D warnings`, `-C opt-level=3`,
 * `-C target-cpu=native`, `--cfg x`) match none.
 */
export const RUSTC_RUNNING_FLAGS =
  /link|extern|sysroot|codegen-backend|llvm-args|plugin|--target(?![\w-])|(?:^|[^\w-])(?:-Z|@|-o)|--emit|--out-dir|--print|incremental|profile-(?:generate|use)|runtool|test-builder|html-(?:in|before|after)|css|theme|index-page|--markdown/;

/**
 * The programs rustc's linking flags start: the `-C linker=P` program with the link arguments,
 * and what the link arguments make the C compiler driver (rustc's default linker, cc) run
 * (`-C link-arg=-wrapper -C link-arg=git,push,origin` runs `git push origin …/collect2`).
 * `words` are rustc's flags, one word each (RUSTFLAGS split at blanks, the encoded forms at
 * 0x1f), in either spelling: `-C OPT`, `-COPT`, `--codegen OPT`, `--codegen=OPT`.
 */
export function rustcLinkRuns(words: readonly string[]): string[][] {
  const linkArgs: string[] = [];
  let linker: string | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    let option: string | null = null;
    if (word === "-C" || word === "--codegen") option = words[++i] ?? null;
    else if (word.startsWith("--codegen=")) option = word.slice("--codegen=".length);
    else if (word.startsWith("-C")) option = word.slice(2);
    if (option === null) continue;
    const eq = option.indexOf("=");
    const key = eq === -1 ? option : option.slice(0, eq);
    const value = eq === -1 ? "" : option.slice(eq + 1);
    if (key === "link-arg") linkArgs.push(value);
    else if (key === "link-args") linkArgs.push(...value.split(/\s+/).filter((w) => w !== ""));
    else if (key === "linker" && value !== "") linker = value;
  }
  const runs = compilerFlagEffects(linkArgs).runs.map((run) => [...run]);
  if (linker !== null) runs.push([linker, ...linkArgs]);
  return runs;
}

/** rustc's flags from a variable's text: blank-separated, or 0x1f-separated when encoded. */
export function rustcFlagWords(name: string, text: string): string[] {
  const parts = name.startsWith("CARGO_ENCODED_") ? text.split("\u001f") : text.split(/\s+/);
  return parts.filter((word) => word !== "");
}
