import { describe, expect, it } from "vitest";
import { mayNameAnother, mayReadOtherwise, optionSynonymReading } from "../src/index.ts";

/**
 * G16 versioned-program-name, program-alternate-name (under user policies that deny
 * `pip install *`, `python *`, `mkfs *`, `node *`): `pip3.11 install x` is pip, `python3 x.py`
 * is python, `mkfs.ext4` is the helper `mkfs -t ext4` runs, `nodejs` is node on Debian.
 */
describe("a program under another of its names, read as the rule names it", () => {
  it.each<[string, string, string | null]>([
    ["pip3 install x", "pip install *", "pip install x"],
    ["pip3.11 install x", "pip install *", "pip install x"],
    ["/usr/bin/python3 x.py", "python *", "python x.py"],
    [
      "python3.12 manage.py flush --no-input",
      "python manage.py flush*",
      "python manage.py flush --no-input",
    ],
    ["mkfs.ext4 /dev/sdb1", "mkfs *", "mkfs /dev/sdb1"],
    ["nodejs x.js", "node *", "node x.js"],
    ["flyctl deploy", "fly deploy*", "fly deploy"],
    ["tofu destroy", "terraform destroy*", "terraform destroy"],
    ["docker-compose down -v", "docker compose down -v*", "docker compose down -v"],
    // Not another name of the rule's program.
    ["md5sum x", "md *", null],
    ["python3 x.py", "pip *", null],
    ["x86 run", "x *", null],
    ["pip install x", "pip install *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });

  it.each([
    ["python3 x.py", true],
    ["mkfs.ext4 /dev/x", true],
    ["nodejs x", true],
    ["git status", false],
    ["pip install x", false],
  ])("%s may name another program: %s", (text, expected) => {
    expect(mayNameAnother(text)).toBe(expected);
    if (expected) expect(mayReadOtherwise(text)).toBe(true);
  });

  it("a signal after a renamed program is read too", () => {
    const reading = optionSynonymReading(["killall5", "-KILL"], ["killall", "-9", "*"]);
    expect(reading?.join(" ")).toBe("killall -9");
  });
});
