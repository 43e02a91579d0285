import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The globs written below (`…/**`) and the plain writes one command reports. */
async function writes(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((p) => p.access === "write" || p.access === "read_write")
    .map((p) => p.glob ?? p.path ?? p.raw);
}

describe("extractors the extractor table lacked write below their folder (S25 ptargrep/jmod-extract)", () => {
  it.each([
    // Traced (S25): ptargrep wrote /repo/package.json, and a `../../home/user/notes.txt`
    // member /home/user/notes.txt (its save_file keeps `..`).
    ["ptargrep . x.tar", ["/repo/**", "/**"]],
    ["ptargrep -i . x.tar", ["/repo/**", "/**"]],
    ["ptargrep -- -l x.tar", ["/repo/**", "/**"]],
    // -b/--basename (any unique prefix): the base name only, in the working directory.
    ["ptargrep --basename . vendor.tar", ["/repo/**"]],
    ["ptargrep --base . vendor.tar", ["/repo/**"]],
    // Traced (S25): jmod extract wrote d/bin/s.sh and d/classes/module-info.class.
    ["jmod extract --dir d x.jmod", ["/repo/**", "/repo/d/**"]],
    ["jmod extract x.jmod", ["/repo/**"]],
    ["jmod extract --dir=/tmp/o x.jmod", ["/repo/**", "/tmp/o/**"]],
    ["jimage extract --dir=/tmp/o x.jimage", ["/repo/**", "/tmp/o/**"]],
    ["cabextract -d/tmp/o x.cab", ["/repo/**", "/tmp/o/**"]],
    ["cabextract --directory /tmp/o x.cab", ["/repo/**", "/tmp/o/**"]],
    ["unrar x x.rar /tmp/o/", ["/repo/**", "/tmp/o/**"]],
    ["unrar x x.rar a.txt /tmp/o/", ["/repo/**", "/tmp/o/**"]],
    ["unrar e -op/tmp/o x.rar", ["/repo/**", "/tmp/o/**"]],
    ["lha xw=/tmp/o x.lzh", ["/repo/**", "/tmp/o/**"]],
    ["arj x x.arj /tmp/o", ["/repo/**", "/tmp/o/**"]],
    ["xar -xf x.xar -C /tmp/o", ["/repo/**", "/tmp/o/**"]],
    ["aunpack --extract-to=/tmp/o x.zip", ["/repo/**", "/tmp/o/**"]],
    ["innoextract -d /tmp/o x.exe", ["/repo/**", "/tmp/o/**"]],
    ["restic restore latest --target /tmp/o", ["/repo/**", "/tmp/o/**"]],
    ["gem unpack x.gem --target=/tmp/o", ["/repo/**", "/tmp/o/**"]],
    ["dpkg-source -x x.dsc /tmp/o", ["/repo/**", "/tmp/o/**"]],
    ["apt-get source hello", ["/repo/**"]],
    ["lrzip -d /tmp/x.lrz", ["/tmp/**"]],
    ["squashfuse x.sqfs /tmp/m", ["/tmp/m/**"]],
    ["jlink --add-modules m --output /tmp/j", ["/tmp/j/**"]],
    ["bsdunzip x.zip -d /tmp/o", ["/tmp/o/**"]],
  ])("%s writes below %j", async (command, folders) => {
    const written = await writes(command);
    for (const folder of folders) expect(written).toContain(folder);
  });

  it.each([
    ["ptargrep -l . x.tar"],
    ["ptargrep --list . x.tar"],
    ["jmod list x.jmod"],
    ["jimage list x.jimage"],
    ["unrar l x.rar"],
    ["gem list"],
  ])("%s extracts nothing", async (command) => {
    // (A word a program nobody lists may still be a file it writes: `.` here.)
    expect((await writes(command)).filter((path) => path.endsWith("/**"))).toEqual([]);
  });

  it("a word only known at run time may be jmod's extract mode", async () => {
    expect(await writes('jmod "$m" x.jmod')).toContain("/repo/**");
  });
});

describe("programs that make files in the temporary folder with no path word (S25 tmp-writers)", () => {
  it.each([
    // Traced: /tmp/fileL2IEm3, /tmp/xPHaLpp.sh (debianutils tempfile).
    ["tempfile"],
    ["tempfile -p x -s .sh"],
    ["tempfile -m 600"],
    // Traced: /tmp/ssh-XXXXXXXXXXXX (the agent's socket folder), with and without a command.
    ["ssh-agent -s"],
    ["ssh-agent sleep 0"],
    ["ssh-agent git status"],
  ])("%s writes a file the text does not name", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((p) => p.access === "write" && p.path === null && !p.glob)).toBe(
      true,
    );
  });

  it.each([
    ["tempfile -n src/x", "/repo/src/x"],
    ["tempfile -d /tmp/t", "/tmp/t/**"],
    ["tempfile --dir /tmp/t", "/tmp/t/**"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it.each([["ssh-agent -a ./a.sock git status"], ["ssh-agent -k"]])(
    "%s makes no socket folder of its own",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.paths.some((p) => p.access === "write" && p.path === null && !p.glob)).toBe(
        false,
      );
    },
  );
});

describe("enc2xs -C writes perl's library (S25 system-writers)", () => {
  it.each([["enc2xs -C"], ["enc2xs -QC"]])("%s writes below /usr", async (command) => {
    // Traced: /usr/lib/x86_64-linux-gnu/perl/5.36/Encode/ConfigLocal.pm opened for writing.
    const analysis = await analyze(command);
    expect(analysis.paths.some((p) => p.access === "write" && p.path === "/usr")).toBe(true);
  });

  it("enc2xs without -C writes no system folder", async () => {
    const analysis = await analyze("enc2xs -o x.c -M x x.ucm");
    expect(analysis.paths.some((p) => p.path === "/usr")).toBe(false);
  });
});
