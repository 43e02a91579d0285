import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * A15 string-operand-read-as-path: tr's sets, yes's and factor's words, getent's keys, tput's
 * capability names and ps's process names are no files, whatever they look like (strace: tr /
 * _ < README.md opens README.md only, through the redirect).
 */
describe("precision: programs whose operands are never files", () => {
  it.each([
    "tr / _ < README.md",
    "echo a/b | tr / .",
    "tr -d /etc/passwd < README.md",
    "yes /etc/x | head -1",
    "factor /etc/x",
    "getent passwd /etc/x",
    "tput /etc/x",
    "ps -C /etc/x",
  ])("%s names no file outside", async (command) => {
    const found = paths(await analyze(command));
    expect(found.every((path) => path === "read:/repo/README.md")).toBe(true);
  });
});

/**
 * GNU date takes any unique prefix of a long option, one letter included: `date --f FILE`
 * is `date --file FILE`, which reads FILE and prints its lines back in its errors (traced:
 * date --f /etc/hostname opened /etc/hostname).
 */
describe("soundness: date's abbreviated --file and --reference", () => {
  it.each([
    ["date --f /etc/hostname", "read:/etc/hostname"],
    ["date --fi ~/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["date --re /etc/hostname", "read:/etc/hostname"],
    ["date -u --refer=/etc/hostname", "read:/etc/hostname"],
  ])("%s reads %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });
});
