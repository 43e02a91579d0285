import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S34 written-then-checker (r33d-written-then-tsc-01, r33d-written-then-lint-01): a checker or
// formatter after a write of the string (`echo 'export {}' > src/x.ts && npx tsc --noEmit`)
// was floored as if it ran what the string wrote. tsc type-checks and never runs a file
// (traced with typescript 6.0.3: a tsconfig naming plugins opened none); gofmt, rustfmt,
// `cargo fmt`, clang-format, shfmt, black, ruff, yamllint and hadolint parse their files as
// data. A written file still counts where the tool, or the package runner reaching it, loads
// it as code or as settings that choose what it runs or where it writes.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

describe("s34: a checker after a write runs nothing the string wrote", () => {
  it.each([
    "echo 'export {}' > src/x.ts && npx tsc --noEmit",
    "echo 'export {}' > src/x.ts && tsc --noEmit",
    "echo 'export {}' > src/x.ts && pnpm exec tsc --noEmit",
    "echo 'export {}' > src/x.ts && ./node_modules/.bin/tsc --noEmit",
    "echo x > notes.txt && tsc --noEmit",
    "sed -i 's/a/b/' src/*.ts && npx tsc --noEmit",
    "cat > src/util.py <<'EOF'\ndef add(a, b):\n    return a + b\nEOF\nruff check src/util.py",
    "echo 'x=1' > a.py && black --check . && ruff format .",
    "echo 'package main' > a.go && gofmt -l .",
    "echo 'fn main(){}' > src/main.rs && cargo fmt --check",
    "echo 'fn main(){}' > src/main.rs && rustfmt src/main.rs",
    "echo 'int x;' > a.c && clang-format -i a.c",
    "echo 'echo hi' > a.sh && shfmt -d a.sh",
    "echo 'a: 1' > a.yml && yamllint a.yml",
    "echo 'FROM node' > Dockerfile && hadolint Dockerfile",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    // Linters whose settings name plugin modules, and what runs code.
    "echo x > src/a.js && npx eslint src",
    "echo x > src/a.js && npx prettier --check src",
    "echo 'src/generated' >> .prettierignore && npx prettier --check .",
    "echo 'x=1' > a.py && mypy .",
    "echo 'x=1' > a.py && flake8 .",
    "echo x > src/a.test.ts && npx vitest run",
    "echo x > src/a.ts && npx tsx src/a.ts",
    "echo 'fn main(){}' > build.rs && cargo clippy",
    "echo 'package main' > a.go && go vet ./...",
    "echo x > src/x.ts && vue-tsc --noEmit",
    // Settings that choose where tsc writes, what ruff or black reads, what rustup runs.
    "echo '{}' > tsconfig.json && npx tsc --noEmit",
    "echo '{}' > t.json && npx tsc -p t.json",
    "echo '--outDir /home/user' > args.txt && npx tsc @args.txt",
    "echo '{}' > p.json && npx tsc -b p.json",
    "echo x > ruff.toml && ruff check .",
    "echo x > r.toml && ruff check --config=r.toml .",
    "echo x > pyproject.toml && black .",
    "printf '[toolchain]\\npath=\"/repo/t\"\\n' > rust-toolchain.toml && rustfmt src/main.rs",
    "printf '[alias]\\nfmt=\"run\"\\n' > .cargo/config.toml && cargo fmt",
    "echo x > Cargo.toml && cargo fmt",
    // What the package runner loads, and the program itself.
    "echo x > node_modules/typescript/lib/tsc.js && npx tsc --noEmit",
    "echo x > node_modules/typescript/lib/tsc.js && tsc --noEmit",
    "echo '{}' > package.json && npx tsc --noEmit",
    "echo 'node-options=--require ./x.js' > .npmrc && npx tsc --noEmit",
    "echo x > .pnp.cjs && yarn exec tsc --noEmit",
    "echo 'NODE_OPTIONS=--require ./x.js' > .env && bunx tsc --noEmit",
    "echo x > ./node_modules/.bin/tsc && ./node_modules/.bin/tsc --noEmit",
    "gcc -o node_modules/.bin/tsc x.c && npx tsc",
    "sed -i 's/a/b/' * && npx tsc --noEmit",
    "printf '#!/bin/sh\\nid\\n' > tsc; chmod +x tsc; ./tsc",
    "printf '#!/bin/sh\\nid\\n' > tsc; chmod +x tsc; PATH=.:$PATH tsc --noEmit",
    "echo x > x.js && NODE_OPTIONS='--require ./x.js' npx tsc --noEmit",
    "echo x > black.py && PYTHONPATH=. black .",
    // Words known only at run time may be any option.
    "echo x > src/x.ts && npx tsc $ARGS",
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });
});
