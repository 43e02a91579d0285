import { describe, expect, it } from "vitest";
import { analyze, outsideWrites, runs, unproven } from "./helpers.ts";

// S30 env-options (R41): options a program reads from an environment variable were checked
// against one spelling of the raw text, while the program parses them as on its command line.
// Traced under bash 5.2: GNU tar took `--to-c`, `--checkpoint-=exec=…` and `--use` from
// TAR_OPTIONS and removed the quotes of `"-Igit push …"` and `-f '/home/user/x.tar'`; man-db
// took `--co=x.conf` (a config whose DEFINE nroff ran git push); zip took `--unzip-c=…`; node
// read `--experimental_loader=data:…` from NODE_OPTIONS; bash decoded PS4's `\044` to `$` and
// ran `$(git push origin main)`; npm read `npm_config_script-shell=rm` as script-shell.

describe("s30: option variables read as the program reads them", () => {
  it.each([
    "TAR_OPTIONS='--to-c=git\\ push\\ origin\\ main' tar xf a.tar",
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-=exec=git\\ push' tar xf a.tar",
    "TAR_OPTIONS='--use=git\\ push' tar xf a.tar",
    "TAR_OPTIONS='\"-Igit push origin main\"' tar xf a.tar",
    "TAR_OPTIONS='\"--to-c\\x3dgit push\"' tar xf a.tar",
    "TAR_OPTIONS='--to\\-c=id' tar xf a.tar",
    "MANOPT=--co=x.conf man ls",
    "MANOPT='--ht=x' man ls",
    "ZIPOPT='-T --unzip-c=git${IFS}push' zip t.zip README.md",
    "ZIP='-T --unzip-c=git' zip t.zip README.md",
    "NODE_OPTIONS='--experimental_loader=data:text/javascript,x' npm test",
    "NODE_OPTIONS='\"--require\" ./x.js' node app.js",
    "NODE_OPTIONS='--openssl_config=o.cnf' node app.js",
    "env 'npm_config_node-options=--require ./x.js' npm run build",
    "PS4='${x@P}' bash -x README.md",
    "PS4='$[x]' bash -x README.md",
  ])("%s is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "PS4='\\044(git push origin main)' bash -x README.md",
    "env PS4='\\044(git push origin main)' bash -x README.md",
    "PS4='$\\050git push origin main)' bash -x README.md",
  ])("%s: the decoded prompt's substitution runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "env 'npm_config_script-shell=git push' npm test",
    "env 'NPM_CONFIG_SCRIPT-SHELL=git push' npm test",
    "Npm_Config_Script_Shell='git push' npm test",
  ])("%s: the script shell is analysed as a command", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    ["TAR_OPTIONS=\"-f '/home/user/x.tar'\" tar -c README.md", "/home/user/x.tar"],
    ["TAR_OPTIONS=\"'-C' '/home/user/.ssh'\" tar xf a.tar", "/home/user/.ssh"],
  ])("%s writes outside", async (command, path) => {
    expect(await outsideWrites(command)).toContain(path);
  });

  it.each([
    "TAR_OPTIONS=--checkpoint=1000 tar cf a.tar README.md",
    "TAR_OPTIONS='-v --wildcards' tar xf a.tar",
    "NODE_OPTIONS=--max_old_space_size=4096 npm test",
    "NODE_OPTIONS='--inspect' node app.js",
    "PS4='+${BASH_SOURCE}:${LINENO}: ' bash -x README.md",
    "PS4='+ \\w ' bash -x README.md",
    "MANOPT=-a man ls",
    "ZIPOPT=-q zip t.zip README.md",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(analysis.units.map(() => null));
  });
});
