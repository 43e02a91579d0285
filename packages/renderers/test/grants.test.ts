import { describe, expect, it } from "vitest";
import { renderGrantList, renderGrantPreview } from "../src/index.ts";
import { columns } from "../src/text.ts";

describe("the patterns an approval adds", () => {
  it("names each pattern and whether it is exact, under the approval's heading", () => {
    expect(
      renderGrantPreview(
        "approve for this session",
        [
          { surface: "bash", pattern: "npm install lodash", match: "exact" },
          { surface: "bash", pattern: "git status *", match: "pattern" },
        ],
        { width: 80 },
      ),
    ).toEqual([
      "approve for this session adds:",
      "  bash  npm install lodash  (exactly)",
      "  bash  git status *  (pattern)",
    ]);
  });

  it("keeps a pattern with line breaks and escapes on one line, within the width and rows", () => {
    const long = `cat <<'EOF'\n${"x".repeat(72_000)}\nEOF\u001b[2J`;
    const lines = renderGrantPreview(
      "always allow",
      Array.from({ length: 6 }, (_, i) => ({
        surface: "bash",
        pattern: `${long}${i}`,
        match: "exact" as const,
      })),
      { width: 80, maxRows: 4 },
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("  … 4 more");
    for (const line of lines) {
      expect(columns(line)).toBeLessThanOrEqual(80);
      expect(line.includes("\n") || line.includes("\u001b")).toBe(false);
    }
  });
});

describe("the session's grants as /permissions grants lists them", () => {
  it("numbers them from 1 with the request id that added each", () => {
    expect(
      renderGrantList(
        [
          { surface: "bash", pattern: "git status *", match: "pattern", requestId: "perm-1" },
          { surface: "path", pattern: "/repo/a.ts", match: "exact", requestId: null },
        ],
        { width: 80 },
      ),
    ).toEqual([
      "Session grants:",
      "  1. bash  git status *  (pattern)  from perm-1",
      "  2. path  /repo/a.ts  (exactly)",
    ]);
  });

  it("says none when there are none", () => {
    expect(renderGrantList([], { width: 80 })).toEqual(["Session grants: none"]);
  });
});
