// S32 pip-option-env: pip reads each of its options from `PIP_<NAME>` as from `--name`.
// Traced: `printf '#!/bin/sh\ngit push origin main\n' > s; install -m 755 s p; PIP_PYTHON=./p
// pip list` re-ran pip under ./p (execve ./p …/__pip-runner__.py list), which ran git push;
// `pip --python ./p list` was already judged, the variable was not. Every PIP_* variable that
// reaches pip is now judged as the option it stands for.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

const WRITE = "printf '#!/bin/sh\\ngit push origin main\\n' > s; install -m 755 s p; ";

describe("pip's options from its environment (S32 pip-option-env)", () => {
  it.each([
    "PIP_PYTHON=./p pip list",
    "PIP_Python=./p pip3 list",
    "export PIP_PYTHON=/repo/p; pip list",
    "PIP_PYTHON=./p; export PIP_PYTHON; pip list",
    "declare -x PIP_PYTHON=./p; pip list",
    "set -a; PIP_PYTHON=./p; pip list",
    "env PIP_PYTHON=./p pip list",
    "PIP_PYTHON=./p python3 -m pip list",
    "PIP_PYTHON=./p timeout 5 pip3.11 list",
    // The forms on the command line, judged as before: an index after a write floors pip too.
    "pip --python ./p list",
    "pip list --index-url=https://pypi.org/simple",
    "PIP_INDEX_URL=https://pypi.org/simple pip list",
  ])("%s may run what the string wrote", async (command) => {
    expect(await unproven(WRITE + command)).toBe(true);
  });

  it.each([
    "PIP_PYTHON=./p ls",
    "X=./p; export X; pip list",
    "PIP_PYTHON=./p; pip list",
    "PIP_NO_CACHE_DIR=1 pip list",
    "PIP_DISABLE_PIP_VERSION_CHECK=1 pip list",
  ])("%s runs nothing written", async (command) => {
    expect(await unproven(WRITE + command)).toBe(false);
  });
});
