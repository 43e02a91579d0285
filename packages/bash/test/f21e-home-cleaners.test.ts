// M21 homewrite-cleaner and homewrite-config (wrong allows under P3; host strace: `cargo
// uninstall x` unlinks ~/.cargo/bin/x and rewrites .crates.toml, `ipython profile create`
// makes ~/.ipython/profile_default, `pyenv global 3.11` writes ~/.pyenv/version; the others by
// their documentation): cache cleaners and global-setting writers outside the project.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

describe("a cleaner or a global setting writes outside the project", () => {
  it.each([
    ["cargo uninstall x", "/home/user/.cargo"],
    ["go clean -modcache", "/home/user/go/pkg/mod"],
    ["go clean -cache", "/home/user/.cache/go-build"],
    ["uv cache clean", "/home/user/.cache/uv"],
    ["uv cache prune", "/home/user/.cache/uv"],
    ["pnpm store prune", "/home/user/.local/share/pnpm/store"],
    ["poetry cache clear --all pypi", "/home/user/.cache/pypoetry"],
    ["conda clean -a", "/home/user/.conda"],
    ["bun pm cache rm", "/home/user/.bun/install/cache"],
    ["crontab -r", "/var/spool/cron/crontabs"],
    ["ipython profile create", "/home/user/.ipython"],
    ["pyenv global 3.11", "/home/user/.pyenv"],
    ["asdf global nodejs 20.0.0", "/home/user/.tool-versions"],
    ["mise use -g node@20", "/home/user/.config/mise"],
    ["composer config -g repo.x composer https://x", "/home/user/.config/composer"],
    ["jupyter notebook --generate-config", "/home/user/.jupyter"],
    ["terraform login", "/home/user/.terraform.d"],
    ["huggingface-cli login", "/home/user/.cache/huggingface"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it.each([
    "go clean",
    "uv sync",
    "pyenv versions",
    "mise use node@20",
    "crontab -l",
    "conda list",
  ])("%s writes nothing at home", async (command) => {
    expect((await writes(command)).filter((p) => p?.startsWith("/home/user"))).toEqual([]);
  });
});
