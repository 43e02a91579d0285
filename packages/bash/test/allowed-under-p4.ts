import { analyze } from "./helpers.ts";

/**
 * Whether a path or glob may name a .env or .ssh file, read as the gates read a glob: a `**`
 * spans any folders, and a wildcard that starts a segment matches no name starting with a `.`,
 * though a `*` there may match nothing (`*.env` stands for `.env` too: a substitution's output
 * in its place may be empty).
 */
export function maySpellSecret(glob: string): boolean {
  if (glob.includes("**")) return true;
  return glob.split("/").some((segment) => {
    let source = "";
    for (let i = 0; i < segment.length; i++) {
      const c = segment[i] as string;
      const first = i === 0;
      if (c === "\\") source += `\\${segment[++i] ?? ""}`;
      else if (c === "*") source += first ? "(?:[^./][^/]*)?" : "[^/]*";
      else if (c === "?") source += first ? "[^./]" : "[^/]";
      else if (c === "[") {
        const close = segment.indexOf("]", i + 2);
        if (close === -1) source += "\\[";
        else {
          source += `${first ? "(?!\\.)" : ""}[${segment.slice(i + 1, close).replace(/^!/, "^")}]`;
          i = close;
        }
      } else source += c.replace(/[.+^${}()|]/g, "\\$&");
    }
    const pattern = new RegExp(`^${source}$`);
    return pattern.test(".env") || pattern.test(".ssh");
  });
}

/**
 * Whether the analysis names every unit and every path, each inside /repo, none that may be a
 * .env or .ssh name and no rm: what P4 (all bash but rm and git push, .env/.ssh denied,
 * outside /repo asks) allows. Shared by the tests of widenings that must stay proven.
 */
export async function allowedUnderP4(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.every((unit) => unit.sentinel === null) &&
    analysis.units.every((unit) => unit.argv[0] !== "rm") &&
    analysis.paths.every((path) => {
      const name = path.path ?? path.glob;
      return (
        path.sentinel == null &&
        name != null &&
        (name === "/repo" || name.startsWith("/repo/")) &&
        !maySpellSecret(name)
      );
    })
  );
}
