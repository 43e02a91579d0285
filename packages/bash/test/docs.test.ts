import { describe, expect, it } from "vitest";
import { analyzeBash, commandWords, loadBashAnalyzer } from "../src/index.ts";
import { OPTIONS } from "./helpers.ts";

describe("the documented examples hold", () => {
  it("loadBashAnalyzer: a list gives one unit per command and resolves ~", async () => {
    const analyzer = await loadBashAnalyzer();
    const analysis = analyzer.analyze("git status && rm -rf ~/tmp", OPTIONS);
    expect({
      executed: analysis.units.map((unit) => unit.executed?.join(" ")),
      first: analysis.paths[0],
    }).toEqual({
      executed: ["git status", "rm -rf ~/tmp"],
      first: { raw: "~/tmp", path: "/home/user/tmp", access: "write", unit: 1, via: "operand" },
    });
  });

  it("analyzeBash: a substitution is a unit of its own and the redirect is a write", async () => {
    const analysis = await analyzeBash('echo "$(curl -s https://x.example)" > out.txt', OPTIONS);
    expect({
      units: analysis.units.map((unit) => [unit.argv[0], unit.context]),
      paths: analysis.paths.map((path) => [path.path, path.access]),
    }).toEqual({
      units: [
        ["echo", null],
        ["curl", "command_substitution"],
      ],
      paths: [["/repo/out.txt", "write"]],
    });
  });

  it.each<[string, string, string[], string[] | null]>([
    [
      "transparent layers are removed, sudo stays",
      "nohup nice -n 10 sudo rm -rf build",
      ["sudo", "rm", "-rf", "build"],
      ["rm", "-rf", "build"],
    ],
    [
      "a plain command is its own argv",
      "git push origin main",
      ["git", "push", "origin", "main"],
      ["git", "push", "origin", "main"],
    ],
    ["an opaque layer stays", "timeout 5 bash -c 'rm x'", ["bash", "-c", "rm x"], null],
  ])("commandWords: %s (%j)", async (_note, command, words, executed) => {
    const [unit] = (await analyzeBash(command, OPTIONS)).units;
    expect({ words: unit && commandWords(unit), executed: unit?.executed }).toEqual({
      words,
      executed,
    });
  });

  it("commandWords: a payload unit ignores its host's layers", async () => {
    const units = (await analyzeBash("nohup bash -c 'timeout 5 rm x'", OPTIONS)).units;
    expect(units.map((unit) => commandWords(unit))).toEqual([
      ["bash", "-c", "timeout 5 rm x"],
      ["rm", "x"],
    ]);
  });
});
