import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * `gh pr create --body "$(cat <<'EOF' … EOF)"` and `git commit -m "$(cat <<'EOF' … EOF)"` are
 * how agents pass long text: a here-document whose delimiter is quoted is printed as written,
 * so the word is that text (a table that decides from a program's words, gh's among them,
 * asked for it as a value nobody knows). Traced under bash 5.2: `cat "$(cat <<'EOF'⏎.env⏎EOF⏎)"`
 * read /repo/.env; the commit message reached git as written.
 */
describe("the output of cat fed a quoted here-document", () => {
  it("is the body, as the word's value", async () => {
    const analysis = await analyze("cat \"$(cat <<'EOF'\n.env\nEOF\n)\"");
    expect(paths(analysis)).toEqual(["read:/repo/.env"]);
  });

  it("keeps the text as one word of the command", async () => {
    const analysis = await analyze(
      "gh pr create --title x --body \"$(cat <<'EOF'\n## Summary\n- a\n\nEOF\n)\"",
    );
    const gh = analysis.units.find((unit) => unit.argv[0] === "gh");
    expect(gh?.argv.at(-1)).toBe("## Summary\n- a");
    expect(gh?.sentinel).toBeNull();
    expect(gh?.computed).toBeUndefined();
  });

  it("splits when the substitution is not quoted", async () => {
    const analysis = await analyze("git $(cat <<'EOF'\npush origin\nEOF\n)");
    expect(analysis.units.some((unit) => unit.executed?.join(" ") === "git push origin")).toBe(
      true,
    );
  });

  it.each([
    // The body expands: an unquoted delimiter.
    ['git fetch "$(cat <<EOF\n$x\nEOF\n)"'],
    // Tabs are stripped with <<-, and more than cat runs.
    ["git fetch \"$(cat <<-'EOF'\n\torigin\n\tEOF\n)\""],
    ["git fetch \"$(cat <<'EOF' | tr a b\norigin\nEOF\n)\""],
    // cat may be something else.
    ["cat(){ echo --upload-pack=x; }; git fetch \"$(cat <<'EOF'\norigin\nEOF\n)\""],
    ["PATH=/tmp:$PATH; git fetch \"$(cat <<'EOF'\norigin\nEOF\n)\""],
  ])("%s stays unknown", async (command) => {
    const analysis = await analyze(command);
    const git = analysis.units.find((unit) => unit.argv[0] === "git");
    expect(git === undefined || git.computed !== undefined || git.sentinel !== null).toBe(true);
  });
});
