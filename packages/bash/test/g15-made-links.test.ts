import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** The paths a command touches, as `access:path`. */
async function touched(command: string): Promise<string[]> {
  return paths(await analyze(command));
}

describe("adversarial: a path through a link the string made leads where the link points", () => {
  it.each([
    // G15 folder-symlink-made-in-string (traced: cat reads /home/user/.ssh/id_rsa)
    ["ln -s ~/.ssh k && cat k/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s .. k; cat k/home/user/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["mkdir d; ln -s ~/.ssh d/k; cat d/k/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ~/.ssh k; cd k && cat id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s /etc k; cat k/passwd", "read:/etc/passwd"],
    ["ln -s ~ k; cat k/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    // a write through the link (traced: appends to /home/user/.ssh/authorized_keys)
    ["ln -s ~/.ssh k; echo x >> k/authorized_keys", "write:/home/user/.ssh/authorized_keys"],
    ["ln -s /etc k; echo x > k/cron.d/job", "write:/etc/cron.d/job"],
    // the link named by its target alone, in a folder given by -t or a trailing slash
    ["ln -s /etc; cat etc/passwd", "read:/etc/passwd"],
    ["ln -s ~/.ssh -t d; cat d/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ~/.ssh d/; cat d/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    // a relative target is read from the link's folder, not the working directory
    ["mkdir d; ln -s ../.. d/k; cat d/k/home/user/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ../../home/user/.ssh d/; cat d/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    // the link moved, linked again, copied as a link, or made by cp -s; a glob through it
    ["ln -s ~/.ssh a; mv a b; cat b/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ~/.ssh a; ln -s a b; cat b/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ~/.ssh a; cp -P a b; cat b/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["cp -s ~/.ssh/id_rsa k; cat k", "read:/home/user/.ssh/id_rsa"],
    ["ln -s ~/.ssh k; cat k/*", "read:/home/user/.ssh/*"],
    ["cd /tmp; ln -s ~ h; cat /tmp/h/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    // a loop's next round runs after the link made later in its body
    ["for i in 1 2; do cat k/id_rsa; ln -s ~/.ssh k; done", "read:/home/user/.ssh/id_rsa"],
  ])("%s", async (command, reached) => {
    expect(await touched(command)).toContain(reached);
  });

  it("takes a link with an unknown target as leading anywhere", async () => {
    expect(await touched("ln -s $x k; cat k/id_rsa")).toContain("read:?");
  });

  it("keeps links inside the project proven, and paths beside the link as written", async () => {
    for (const [command, reached] of [
      ["ln -s src k; cat k/a.ts", "read:/repo/src/a.ts"],
      ["ln -s ~/.ssh k; cat kk/a", "read:/repo/kk/a"],
      ["ln -s ~/.ssh k; cat README.md", "read:/repo/README.md"],
    ] as const) {
      const found = await touched(command);
      expect(found, command).toContain(reached);
      expect(found, command).not.toContain("read:?");
      expect(
        found.filter((path) => path.startsWith("read:") && !path.startsWith("read:/repo")),
        command,
      ).toEqual(command.includes("~/.ssh") ? ["read:/home/user/.ssh"] : []);
    }
  });
});
