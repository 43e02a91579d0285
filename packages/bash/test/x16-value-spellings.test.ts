import { describe, expect, it } from "vitest";
import { mayReadOtherwise, optionSynonymReading } from "../src/index.ts";
import { modeBits } from "../src/programs/value-spellings.ts";

/**
 * G16 kill-signal-spelling, chmod-mode-spelling, chown-owner-spelling (under a policy that
 * denies `kill -9 *`, `chmod 777 *`, `chown root *`): bash's `kill` takes a signal by number,
 * by name in any case with or without `SIG`, and after `-s`/`-n` (each killed the process in
 * bash 5.2); chmod's octal and symbolic modes and chown's names and ids name the same change.
 */
describe("a value written as the rule writes it", () => {
  it.each<[string, string, string | null]>([
    ["kill -KILL 1", "kill -9 *", "kill -9 1"],
    ["kill -s KILL 1", "kill -9 *", "kill -9 1"],
    ["kill -s sigkill 1", "kill -9 *", "kill -9 1"],
    ["kill -n 9 1", "kill -9 *", "kill -9 1"],
    ["kill -SIGkill 1", "kill -9 *", "kill -9 1"],
    ["pkill --signal=KILL node", "pkill -9 *", "pkill -9 node"],
    ["killall -9 node", "killall -KILL *", "killall -KILL node"],
    ["kill -9 1", "kill -s KILL *", "kill -s KILL 1"],
    // With no signal, kill sends TERM.
    ["kill 1", "kill -TERM *", "kill -TERM 1"],
    ["kill 1", "kill -9 *", null],
    ["kill -15 1", "kill -9 *", null],
    ["kill -HUP 1", "kill -9 *", null],
    ["chmod 0777 x", "chmod 777 *", "chmod 777 x"],
    ["chmod a=rwx x", "chmod 777 *", "chmod 777 x"],
    ["chmod a+rwx x", "chmod 777 *", "chmod 777 x"],
    ["chmod u=rwx,go=rwx x", "chmod 777 *", "chmod 777 x"],
    ["chmod -R ugo+rwx d", "chmod -R 777 *", "chmod -R 777 d"],
    ["chmod 1777 d", "chmod 777 *", "chmod 777 d"],
    ["chmod 755 x", "chmod 777 *", null],
    ["chmod u+x x", "chmod 777 *", null],
    // No who: the umask decides; `a+rw` leaves x as the file had it.
    ["chmod =rwx x", "chmod 777 *", null],
    ["chmod a+rw x", "chmod 777 *", null],
    ["chown root:root x", "chown root *", "chown root x"],
    ["chown 0 x", "chown root *", "chown root x"],
    ["chown +0:0 x", "chown root:root *", "chown root:root x"],
    ["chown -R root: d", "chown -R root *", "chown -R root d"],
    ["chown user x", "chown root *", null],
    ["chown root:staff x", "chown root:root *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    expect(mayReadOtherwise(command)).toBe(true);
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });

  it.each<[string, number | null]>([
    ["777", 0o777],
    ["0644", 0o644],
    ["4755", 0o4755],
    ["u=rwx,g=rx,o=", 0o750],
    ["a=rwx,o-w", 0o775],
    ["go-rwx,u=rw", 0o600],
    ["u+x", null],
    ["+x", null],
    ["g=u", null],
    ["a=rwX", null],
  ])("mode %s sets %s", (mode, bits) => {
    expect(modeBits(mode)).toBe(bits);
  });
});
