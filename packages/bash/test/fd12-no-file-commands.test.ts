import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("adversarial: hostname and whereis open the files and folders their options name", () => {
  it.each([
    ["hostname -F /home/user/notes.txt", "read:/home/user/notes.txt"],
    ["hostname -F/home/user/notes.txt", "read:/home/user/notes.txt"],
    ["hostname --file=/home/user/notes.txt", "read:/home/user/notes.txt"],
    ["hostname --file ~/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["hostname --fi ../home/user/notes.txt", "read:/home/user/notes.txt"],
    ["hostname -b -F /etc/hostname", "read:/etc/hostname"],
    ["whereis -B /home/user -f notes", "read:/home/user"],
    ["whereis -bB /tmp /home/user/.ssh -f id_rsa", "read:/home/user/.ssh"],
    ["whereis -M /home/user/man -f ls", "read:/home/user/man"],
    ["whereis -S ~/src -f ls", "read:/home/user/src"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each(["hostname", "hostname -s", "hostname -I", "whereis ls", "whereis -b git"])(
    "keeps %s proven with no path",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.status).toBe("ok");
      expect(paths(analysis)).toEqual([]);
    },
  );
});
