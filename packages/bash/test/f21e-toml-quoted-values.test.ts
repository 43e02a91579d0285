// M21 toml-quoted (wrong allows under P3; host: `cargo build --config
// 'build.target-dir="/etc/t"'` built into /etc/t): a setting's value in TOML or JSON quotes
// was read with its quotes, as a relative name in the working directory. The program unquotes
// it, so the quoted string is the path.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path);
}

describe("a quoted path in a KEY=VALUE setting is that path", () => {
  it.each([
    ["cargo build --config 'build.target-dir=\"/etc/t\"'", "/etc/t"],
    ["cargo --config 'http.cainfo=\"/home/user/.ssh/id_rsa\"' build", "/home/user/.ssh/id_rsa"],
    ["cargo build --config \"source.x.directory='/srv/v'\"", "/srv/v"],
    ['cargo build --config \'paths=["/a", "~/.ssh/x"]\'', "/home/user/.ssh/x"],
    ['cargo build --config \'paths=["/a", "~/.ssh/x"]\'', "/a"],
    ["ruff check --config 'cache-dir=\"/home/user/c\"' .", "/home/user/c"],
    ["mytool --set='out=\"../x\"'", "/x"],
  ])("%s names %s", async (command, path) => {
    expect(await paths(command)).toContain(path);
  });

  it("a quoted value that spells no path adds none", async () => {
    expect(await paths("cargo test --config 'profile.dev.opt-level=\"s\"'")).toEqual([]);
  });
});
