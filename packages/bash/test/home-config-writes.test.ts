import { describe, expect, it } from "vitest";
import { HOME_CONFIG_WRITERS } from "../src/programs/paths.ts";
import { analyze } from "./helpers.ts";

const matches = HOME_CONFIG_WRITERS.flatMap((entry) => entry.match);
const notMatches = HOME_CONFIG_WRITERS.flatMap((entry) =>
  entry.notMatch.map((command) => [command, entry.names] as const),
);

describe("programs that write their home configuration by default (round9 I10, I11)", () => {
  it.each(matches)("%s writes %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "write"]);
  });

  it.each(notMatches)("%s writes nothing in the home folder", async (command) => {
    const analysis = await analyze(command);
    expect(
      analysis.paths.filter((p) => p.access !== "read" && p.path?.startsWith("/home/user")),
    ).toEqual([]);
  });

  it("follows HOME when the string rebinds it", async () => {
    const analysis = await analyze("HOME=/tmp/h; gpg --list-keys");
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([
      "/tmp/h/.gnupg",
      "write",
    ]);
  });

  it.each([
    ["HOME=/repo/h kubectl config set-credentials u", "/repo/h/.kube/config"],
    ["env HOME=/home/user/.ssh pip3 config set a b", "/home/user/.ssh/.config/pip/pip.conf"],
    ["HOME=h systemctl --user enable x", "/repo/h/.config/systemd"],
    ["sudo HOME=/etc kubectl config use-context x", "/etc/.kube/config"],
  ])("%s writes under the HOME its environment sets: %s", async (command, path) => {
    const analysis = await analyze(command);
    expect({
      moved: analysis.paths.map((p) => p.path).includes(path),
      atShellHome: analysis.paths.some((p) => p.path?.startsWith("/home/user/.")),
    }).toEqual({ moved: true, atShellHome: path.startsWith("/home/user/.") });
  });

  it("leaves the file unknown under a HOME the text does not show", async () => {
    const analysis = await analyze("HOME=$X kubectl config set-credentials u");
    // The config file, and the home folder itself (kubectl keeps its cache there too).
    expect(analysis.paths.map((p) => [p.path, p.access, p.sentinel])).toEqual([
      [null, "write", "<computed-path>"],
      [null, "read_write", "<computed-path>"],
    ]);
  });
});

describe("ImageMagick's FORMAT:path and @list operands (round9 engine-only)", () => {
  it.each([
    ["convert text:/home/user/.ssh/id_rsa x.png", "/home/user/.ssh/id_rsa"],
    ["convert rose: -write png:/home/user/p.png null:", "/home/user/p.png"],
    ["convert label:@/home/user/notes.txt x.png", "/home/user/notes.txt"],
  ])("%s touches %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => p.path)).toContain(path);
  });

  it("reads unknown names from an @list", async () => {
    const analysis = await analyze("convert @list out.pdf");
    expect(analysis.paths.some((p) => p.path === null)).toBe(true);
  });
});
