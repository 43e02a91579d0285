import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floorOf(command: string, name: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0] === name);
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("pip reads a requirements, constraints or config file the string wrote", () => {
  // strace: pip download -r req.txt read /home/user/notes.txt named by `-r` inside req.txt;
  // PIP_CONFIG_FILE=p.conf with `log = /home/user/pip.log` wrote that log.
  it.each([
    ["echo '-r /home/user/notes.txt' > req.txt; pip download -r req.txt -d d", "pip"],
    ["echo '-c /home/user/notes.txt' > r.txt; pip3.11 install --requirement=r.txt", "pip3.11"],
    ["echo '-e .' > r.txt; pip install --requirem r.txt", "pip"],
    ["echo '-e .' > r.txt; pip install -qr r.txt", "pip"],
    ["echo '-e .' > r.txt; pip install -rr.txt", "pip"],
    ["echo '-e .' > c.txt; pip install --constraint c.txt flask", "pip"],
    ["echo '-e .' > r.txt; python3 -m pip install -r r.txt", "python3"],
    ["echo '-e .' > r.txt; uv pip install -r r.txt", "uv"],
    ["echo '-e .' > r.in; pip-compile -c r.in", "pip-compile"],
    [
      "printf '[global]\\nlog = /home/user/pip.log\\n' > p.conf; PIP_CONFIG_FILE=p.conf pip list",
      "pip",
    ],
    ["mkdir -p v; echo x > v/pip.conf; VIRTUAL_ENV=v pip list", "pip"],
    ["pip install -r /dev/stdin <<< 'requests'", "pip"],
  ])("%s floors %s", async (command, name) => {
    expect(await floorOf(command, name)).not.toBeNull();
  });

  it.each([
    ["pip install -r requirements.txt", "pip"],
    ["echo x > notes.txt; pip install -r requirements.txt", "pip"],
    ["echo x > r.txt; python3 app.py -r r.txt", "python3"],
    ["pip freeze > requirements.txt", "pip"],
  ])("%s leaves %s proven", async (command, name) => {
    expect(await floorOf(command, name)).toBeNull();
  });
});

describe("ctags reads the options files the string wrote", () => {
  // strace: with ./.ctags.d/x.ctags holding -f/home/user/tags, `ctags -R src` wrote
  // /home/user/tags and ran sh -c 'sort -u -o /home/user/tags …'.
  it.each([
    "mkdir .ctags.d; echo '-f/home/user/tags' > .ctags.d/x.ctags; ctags -R src",
    "mkdir -p ctags.d && printf -- '-o/home/user/tags\\n' > ctags.d/a.ctags && ctags src/a.ts",
    "echo '-f /home/user/t' > .ctags; ctags -R .",
    "echo x > opts; ctags --options=opts -R",
  ])("%s floors ctags", async (command) => {
    expect(await floorOf(command, "ctags")).not.toBeNull();
  });

  it.each(["ctags -R src", "echo x > notes.txt; ctags -R src", "ctags -R src && cat tags"])(
    "%s leaves ctags proven",
    async (command) => {
      expect(await floorOf(command, "ctags")).toBeNull();
    },
  );
});
