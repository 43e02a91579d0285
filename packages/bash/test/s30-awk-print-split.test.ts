import { describe, expect, it } from "vitest";
import { printsToFile } from "../src/walk/mentions.ts";

// S30 awk-print-split (R45): a `;` or `}` inside a string, a regex literal or a comment does
// not end an awk statement. Traced with mawk: `BEGIN{print "}" > "/etc/cron.d/x"}` opened the
// file for writing.
describe("awk statements end where awk ends them (S30 awk-print-split)", () => {
  it.each([
    'BEGIN{print "}" > "/etc/cron.d/x"}',
    'BEGIN{printf "a;" >> "/home/user/.bashrc"}',
    'BEGIN{printf("%s;\\n","x") > "/tmp/o"}',
    '{print $0 ";" > "/tmp/o"}',
    'BEGIN{print "{}" > "/tmp/o"}',
    'BEGIN{print /;/ > "/home/user/.bashrc"}',
    'BEGIN{x = "/etc/cron.d/a"; print "a;b" > x}',
    'END{print NR"}" > "/tmp/o"}',
    'BEGIN{print "a\\";b" > "/tmp/o"}',
    '{print /[;}]/ > "/tmp/o"}',
    '{ # a comment; with "quotes\n print "x" > "/tmp/o" }',
    // Where a `/` may divide or open a regex, the answer is yes.
    '{ print (a)/";" > "/tmp/o" }',
    '{ n++ /";"/ ; print "x" }',
    '{ print "unterminated }',
    '{ print /[/;]/ > "/tmp/o" }',
  ])("%j prints to a file", (program) => {
    expect(printsToFile(program)).toBe(true);
  });

  it.each([
    "{ print $1 }",
    "NR > 1 { print $2 }",
    "{ print $1 }; END { if (n > 0) x = 1 }",
    "{ s += $1 } END { print s / NR }",
    "/[[:space:]]/ { print } ; $3 > 100 { n++ }",
    '{ print ";" } $2 > 5 { c++ }',
    '{ print "a" } /x/ { if (a > b) n++ }',
  ])("%j prints to no file", (program) => {
    expect(printsToFile(program)).toBe(false);
  });
});
