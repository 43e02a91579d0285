// S31 lint-tool-config (R50, traced on the host): a linter's configuration named by an
// environment variable, or under a name the code-name table missed, is code or paths nobody
// read. `PYLINTRC=b pylint src` ran b's init-hook (git push); a written `ruff.toml`'s extend
// opened ~/.ssh/id_rsa and its cache-dir wrote outside the project. COVERAGE_RCFILE names
// coverage.py's configuration as --rcfile does (its plugins are imported modules).
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

describe("linter configuration by variable or by name (S31 lint-tool-config)", () => {
  it.each([
    "printf '[MAIN]\\ninit-hook=import os\\n' > b; PYLINTRC=b pylint src",
    "printf '[MAIN]\\ninit-hook=import os\\n' > b; export PYLINTRC=b; pylint src",
    "printf x > /tmp/h/.pylintrc; HOME=/tmp/h pylint src",
    "printf 'extend = \"/home/user/.ssh/id_rsa\"\\n' > ruff.toml; ruff check .",
    "printf 'cache-dir = \"/home/user/.cache/r\"\\n' > ruff.toml; ruff format .",
    "printf x > b; COVERAGE_RCFILE=b coverage run app.py",
    "printf x > b; COVERAGE_RCFILE=b pytest --cov",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "pylint src",
    "echo x > /tmp/notes.txt; PYLINTRC=b pylint src",
    "ruff check .",
    "echo x > notes.txt; ruff check .",
    "echo x > /tmp/notes.txt; COVERAGE_RCFILE=b coverage report",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
