// R24 cargo-rustflags (host-traced: no cargo in the oracle): cargo hands rustc (and rustdoc)
// flags from RUSTFLAGS and every cargo form of it: CARGO_BUILD_RUSTFLAGS,
// CARGO_TARGET_<TRIPLE>_RUSTFLAGS, RUSTDOCFLAGS, CARGO_BUILD_RUSTDOCFLAGS, the 0x1f-separated
// CARGO_ENCODED_RUST(DOC)FLAGS, and the words after `--` of `cargo rustc`. rustc's
// `-C link-arg=-wrapper -C link-arg=git,push,origin` (or `--codegen=link-arg=…`) makes the
// linker driver run `git push origin …/collect2`.
import { describe, expect, it } from "vitest";
import { runs, unproven } from "./helpers.ts";

const WRAP = "-Clink-arg=-wrapper -Clink-arg=git,push,origin";

describe("rustc's link flags from every variable cargo reads them from", () => {
  it.each([
    `CARGO_BUILD_RUSTFLAGS='${WRAP}' cargo build`,
    `CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS='${WRAP}' cargo build`,
    "RUSTFLAGS='--codegen=link-arg=-wrapper --codegen=link-arg=git,push,origin' cargo build",
    "RUSTFLAGS='--codegen link-arg=-wrapper -C link-arg=git,push,origin' cargo build",
    `RUSTDOCFLAGS='${WRAP}' cargo test --doc`,
    `export CARGO_BUILD_RUSTDOCFLAGS='${WRAP}'; cargo test --doc`,
    "CARGO_ENCODED_RUSTDOCFLAGS=$'-Clink-arg=-wrapper\\x1f-Clink-arg=git,push,origin' cargo test --doc",
    "CARGO_ENCODED_RUSTFLAGS=$'-Clink-args=-wrapper git,push,origin' cargo build",
    "RUSTFLAGS='-C linker=git -C link-arg=push' cargo build",
    "cargo rustc -- --codegen=link-arg=-wrapper --codegen=link-arg=git,push,origin",
    "cargo rustc --release -- -C link-arg=-wrapper -C link-arg=git,push,origin",
    "cargo rustdoc -- --codegen linker=git --codegen link-arg=push",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "CARGO_HOST_RUSTFLAGS='-Zcodegen-backend=./x.so' cargo build",
    "RUSTFLAGS='--target=x.json' cargo build",
    "RUSTFLAGS=@flags.txt cargo build",
    "RUSTDOCFLAGS='--test-runtool ./t' cargo test --doc",
    "RUSTDOCFLAGS='--html-in-header /home/user/.ssh/id_rsa' cargo doc",
    'RUSTFLAGS="$F" cargo build',
    "CARGO_ALIAS_X='rustc -- -Clinker=./t' cargo x",
    "RUSTDOC=./t cargo doc",
    "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER=./w cargo build",
    "cargo clippy -- -Zcodegen-backend=./x.so",
    'cargo rustc -- "$F"',
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    'RUSTFLAGS="-D warnings" cargo build',
    "RUSTFLAGS='-C target-cpu=native -C opt-level=3' cargo build --release",
    "CARGO_BUILD_RUSTFLAGS='--cfg tokio_unstable' cargo test",
    "RUSTDOCFLAGS='-D warnings' cargo doc --no-deps",
    "cargo clippy --all-targets -- -D warnings",
    "cargo rustc -- -C opt-level=3",
    "cargo run -- --target x -o y",
    "cargo test -- --nocapture",
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
