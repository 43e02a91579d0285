import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * User-scope installers write outside the project (G15 global-install-gaps: `gem install
 * --user-install rake` was allowed under an external_directory deny; RubyGems puts it under
 * Gem.user_dir, ~/.gem/ruby/VERSION or ~/.local/share/gem/ruby/VERSION).
 */
describe("user-scope installers", () => {
  it.each([
    ["gem install --user-install rake", "write:/home/user/.gem/**"],
    ["gem i --user-install rake", "write:/home/user/.local/share/gem/**"],
    ["HOME=/tmp/h gem install --user-install rake", "write:/tmp/h/.gem/**"],
    ["gem install rake", "write:?"],
    ["composer global require x/y", "write:/home/user/.composer/**"],
    ["deno install --global x.ts", "write:/home/user/.deno/**"],
  ])("%s writes %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each(["gem install -i vendor/gems rake", "gem install --install-dir=g rake"])(
    "%s writes only the folder it names",
    async (command) => {
      const written = (await analyze(command)).paths.filter((p) => p.access !== "read");
      expect(written.every((p) => (p.path ?? p.glob ?? "").startsWith("/repo/"))).toBe(true);
    },
  );
});
