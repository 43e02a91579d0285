// S31 pip-written-archive (R50, traced): pip builds a local archive or a find-links folder's
// sdist by running its in-tree backend. `tar --transform` hides the code names (pyproject.toml,
// be.py) of the string's files inside x.tar.gz, and `pip wheel x.tar.gz`, `pip download -d dl
// x.tar.gz`, `pip wheel --no-index -f. x` ran it. Any operand or option value that is a local
// file or folder makes pip a project searcher; a plain requirement name stays a registry fetch.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

const SDIST =
  "printf x > a; printf y > b; tar czf x.tar.gz --transform 's,^a$,x-1/pyproject.toml,' a b";

describe("pip with a local archive or find-links (S31 pip-written-archive)", () => {
  it.each([
    `${SDIST}; pip wheel x.tar.gz`,
    `${SDIST}; pip download -d dl x.tar.gz`,
    `${SDIST}; pip wheel --no-index -f. x`,
    `${SDIST}; pip wheel --no-index --find-links=. x`,
    `${SDIST}; pip wheel --no-index --find-links dl x`,
    `${SDIST}; pip wheel --no-index -fdl x`,
    `${SDIST}; pip wheel --no-index -qf dl x`,
    `${SDIST}; pip install --break-system-packages x.tar.gz`,
    `${SDIST}; python3 -m pip wheel x.tar.gz`,
    `${SDIST}; pip wheel 'x.tar.gz[extra]'`,
    `${SDIST}; pip wheel file:x.tar.gz`,
    `${SDIST}; uv pip install x.whl`,
    `${SDIST}; pip install x.zip`,
    `${SDIST}; PIP_FIND_LINKS=. pip wheel --no-index x`,
    "printf x > a; printf 'x.tar.gz\\n' > req.txt; pip install -r req.txt",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "echo x > notes.txt; pip install requests",
    "echo x > notes.txt; pip install 'requests==2.31'",
    "echo x > notes.txt; pip install 'requests[socks]>=2'",
    "echo x > notes.txt; pip download -d dl requests",
    "echo requests > req.txt; pip install -r req.txt",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
