import type { BashAnalysis, TouchedPath } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { checkSoundness } from "../src/check.ts";
import type { Access, FileEvent } from "../src/strace.ts";
import { analysisOf, context, execEvent, fileEvent, unit } from "./builders.ts";

// A folder the analysis reports covers a file below it only where the analysis said the access
// is recursive (a `folder/**` glob): a bare folder is what `ls src` or `cat src` opens, and the
// gates judge nothing below it. Before this, any folder path of the same unit covered every
// file under it, so an analysis that lost a recursive reader's `**` still checked as sound.

function folder(p: string, access: Access = "read"): TouchedPath {
  return { raw: p, path: p, access, unit: 0, via: "operand" };
}

function glob(pattern: string, access: Access = "read", starsSkipDots = false): TouchedPath {
  return {
    raw: pattern,
    path: null,
    access,
    unit: 0,
    via: "operand",
    glob: pattern,
    ...(starsSkipDots ? { starsSkipDots: true as const } : {}),
  };
}

function analysis(argv: string[], paths: TouchedPath[]): BashAnalysis {
  return analysisOf([unit(argv)], paths);
}

function opened(p: string, argv: string[], extra: Partial<FileEvent> = {}): FileEvent {
  return fileEvent(p, "read", argv, extra);
}

function verdict(argv: string[], paths: TouchedPath[], files: FileEvent[]): string {
  return checkSoundness(analysis(argv, paths), { execs: [execEvent(argv)], files }, context)
    .verdict;
}

describe("f21a: a folder covers what is below it only through a recursive access", () => {
  const grep = ["grep", "-r", "k", "/home/user"];

  it("a bare folder does not cover a file below it", () => {
    const key = opened("/home/user/.ssh/id_rsa", grep);
    expect(verdict(grep, [folder("/home/user")], [key])).toBe("unsound");
  });

  it("nor a folder below it opened as a directory", () => {
    const sub = opened("/home/user/.ssh", ["du", "/home/user"], { directory: true });
    expect(verdict(["du", "/home/user"], [folder("/home/user")], [sub])).toBe("unsound");
  });

  it("a recursive glob beside the folder covers the files below it", () => {
    const key = opened("/home/user/.ssh/id_rsa", grep);
    const paths = [folder("/home/user"), glob("/home/user/**")];
    expect(verdict(grep, paths, [key])).toBe("sound");
  });

  it("a write below a folder needs a recursive write", () => {
    const cp = ["cp", "-r", "src", "/tmp/d"];
    const written = opened("/tmp/d/a.ts", cp, { access: "write" });
    expect(verdict(cp, [glob("/repo/src/**"), folder("/tmp/d", "write")], [written])).toBe(
      "unsound",
    );
    const paths = [glob("/repo/src/**"), folder("/tmp/d", "write"), glob("/tmp/d/**", "write")];
    expect(verdict(cp, paths, [written])).toBe("sound");
  });

  it("a glob that matches a folder does not cover the files inside that folder", () => {
    const cat = ["cat", "/home/user/.s*"];
    const key = opened("/home/user/.ssh/id_rsa", cat);
    expect(verdict(cat, [glob("/home/user/.s*")], [key])).toBe("unsound");
    expect(verdict(cat, [glob("/home/user/.s*"), glob("/home/user/.s*/**")], [key])).toBe("sound");
  });

  it("bash's own ** (no dot folders) does not cover a file in a dot folder", () => {
    const ls = ["ls", "src"];
    const hidden = opened("/repo/src/.ssh/k", ls);
    expect(verdict(ls, [glob("/repo/src/**", "read", true)], [hidden])).toBe("unsound");
    expect(verdict(ls, [glob("/repo/src/**")], [hidden])).toBe("sound");
  });

  it("still covers the folders opened on the way to a reported file", () => {
    const cat = ["cat", "src/a.ts"];
    const walk = opened("/repo/src", cat, { directory: true });
    expect(verdict(cat, [folder("/repo/src/a.ts")], [walk])).toBe("sound");
  });
});
