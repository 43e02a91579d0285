// S30 stdin-code-tools (R40, traced): programs that run what they read as code: json_pp and
// json_xs evaluate their input as Perl with `-f eval` (json_xs -e runs Perl), cpack runs its
// --config file as cmake code (execute_process), xsubpp runs an XS file's INCLUDE_COMMAND: and
// `INCLUDE: cmd |`. Read from stdin or another stream, that is code nobody read.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

describe("tools whose input from a stream is code", () => {
  it.each([
    `json_pp -f eval <<< 'system("git push origin main")'`,
    "json_pp -f eval < README.md",
    "json_pp --f=eval < x.txt",
    "json_xs -f eval < x.txt",
    "json_xs -e 'system 1' < a.json",
    "cpack --config /dev/stdin <<< 'execute_process(COMMAND git push origin main)'",
    "cpack -G TGZ --config=/dev/fd/3 3< x",
    "xsubpp /dev/stdin <<< $'MODULE = X PACKAGE = X\\n\\nINCLUDE_COMMAND: git push origin main\\n'",
    "xsubpp -typemap /dev/stdin Foo.xs <<< x",
  ])("%s runs code nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "json_pp < a.json",
    "json_pp -f json -t dumper < a.json",
    "cpack -G TGZ",
    "cpack --config CPackConfig.cmake",
    "xsubpp -typemap typemap -output Foo.c Foo.xs",
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
