import { describe, expect, it } from "vitest";
import { noiseReason } from "../src/noise.ts";
import type { FileEvent } from "../src/strace.ts";
import { fileEvent } from "./builders.ts";

// S26 (oracle blind spot): every read by git inside the work tree counted as git's own noise
// (index refresh hashes tracked files), so a git command that read the ignored `/repo/.env`
// never showed in a trace, and the soundness check called `git add -f .env` or a forged index
// entry followed by `git diff` sound. No routine git work opens an ignored file: such a read
// is the command's own now.

const context = { cwd: "/repo", home: "/home/user" };

function gitRead(path: string): FileEvent {
  return fileEvent(path, "read", ["git", "diff"]);
}

describe("l26: a read by git of a file the fixture ignores is the command's own", () => {
  it.each(["/repo/.env", "/repo/.env.local", "/repo/build/out.js", "/repo/src/.env"])(
    "%s is reported",
    (path) => {
      expect(noiseReason(gitRead(path), context)).toBeNull();
    },
  );

  it.each(["/repo/README.md", "/repo/src/a.ts", "/repo/.gitignore", "/repo/.git/index"])(
    "%s stays git's own",
    (path) => {
      expect(noiseReason(gitRead(path), context)).toBe("git-internal");
    },
  );
});
