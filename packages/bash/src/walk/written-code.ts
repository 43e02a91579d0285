import { type PathState, resolveWord } from "../programs/paths.ts";
import { toolName } from "../programs/wrappers.ts";
import type { Word } from "../read/words.ts";
import type { WrapperLayer } from "../types.ts";
import type { PendingPath, PendingUnit } from "./walk.ts";

/**
 * Code the same string wrote is code nobody read: a program that runs or loads a file an
 * earlier command of the string may have written is floored like an opaque wrapper.
 */

/**
 * Whether a written path may be `target` or lie under it (a glob: its fixed leading part; a
 * computed path: anything).
 */
function mayName(path: PendingPath, target: string): boolean {
  if (path.path !== null)
    return path.path === target || (target.endsWith("/") && path.path.startsWith(target));
  if (path.glob === null) return true;
  const wild = path.glob.search(/[*?[]/);
  const fixed = wild === -1 ? path.glob : path.glob.slice(0, wild);
  return fixed === "" || target.startsWith(fixed) || fixed.startsWith(target);
}

/** Files whose contents git runs: hooks, config (aliases, filters, pagers), attributes. */
const GIT_CODE = /\/\.git\/(hooks\/|config$|info\/attributes$)|\/\.git(attributes|modules|config)$/;

/** Programs whose first operand is a script they run. */
/** Package managers, which run what a project's files configure. */
const PACKAGE_TOOLS = /^(npm|pnpm|yarn|bun|npx|pnpx|bunx|corepack)$/;

/** The files that configure what a package manager runs. */
const PACKAGE_CODE =
  /(^|\/)(package\.json|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.pnpmfile\.cjs|bunfig\.toml)$|(^|\/)node_modules(\/|$)/;

const SCRIPT_RUNNERS =
  /^(bash|sh|dash|zsh|ksh|mksh|ash|fish|csh|tcsh|source|\.|python[0-9.]*|pypy[0-9.]*|node|nodejs|bun|deno|perl|ruby|php|lua|luajit|Rscript|tclsh|awk|gawk|make|env)$/;

/** Whether `executed` runs a file an earlier command of the string may have written. */
export function runsWrittenCode(
  executed: readonly Word[],
  units: readonly PendingUnit[],
  state: PathState,
  wrappers: readonly WrapperLayer[] = [],
): boolean {
  const name = toolName(executed[0]?.text ?? "") ?? executed[0]?.text ?? "";
  // `npx x` runs node_modules/.bin/x: the layer counts as the package tool.
  const packageTool =
    PACKAGE_TOOLS.test(name) ||
    wrappers.some((layer) => PACKAGE_TOOLS.test(toolName(layer.name) ?? layer.name));
  // Only git, a package tool, a script runner or a program named by a path can run what was
  // written.
  if (
    name !== "git" &&
    !packageTool &&
    !SCRIPT_RUNNERS.test(name) &&
    !(executed[0]?.text ?? "").includes("/")
  ) {
    return false;
  }
  const written: PendingPath[] = [];
  for (const unit of units) {
    for (const path of unit.paths) if (path.access !== "read") written.push(path);
  }
  if (written.length === 0) return false;
  // A package manager runs the scripts of package.json and its settings' shell and hooks
  // (`.npmrc`, `.yarnrc`, `.pnpmfile.cjs`), and the programs under node_modules.
  if (packageTool) {
    const fixedDir = (glob: string) => {
      const fixed = glob.slice(0, glob.search(/[*?[]/) === -1 ? undefined : glob.search(/[*?[]/));
      return fixed.slice(0, fixed.lastIndexOf("/") + 1);
    };
    // A glob counts when it may name such a file, or a file right in a known working
    // directory (`cp x *`); where the working directory is unknown every path already asks
    // as possibly outside it.
    const planted = written.some((path) => {
      if (path.path !== null) return PACKAGE_CODE.test(path.path);
      if (path.glob === null) return true;
      const fixed = fixedDir(path.glob);
      return (
        PACKAGE_CODE.test(path.glob) ||
        (fixed !== "" &&
          (state.cwds ?? []).some((cwd) => `${cwd === "/" ? "" : cwd}/`.startsWith(fixed)))
      );
    });
    if (planted) return true;
  }
  // Python puts the script's directory (the working directory for `-m`, `-c` and stdin) first
  // on its module path: a `.py` written there, or in a package below it, may be what it
  // imports (`echo … > json.py; python3 -m json.tool`).
  if (/^(python[0-9.]*|pypy[0-9.]*)$/.test(name)) {
    const dirs = new Set<string>(state.cwds ?? []);
    const script = executed.slice(1).find((word) => !word.text.startsWith("-"));
    for (const target of script ? resolveWord(script, state) : []) {
      if (target.path !== null) dirs.add(target.path.slice(0, target.path.lastIndexOf("/")) || "/");
    }
    const dirOf = (text: string) => text.slice(0, text.lastIndexOf("/")) || "/";
    const shadows = written.some((path) => {
      const text = path.path ?? path.glob;
      if (text === null) return true;
      const last = text.slice(text.lastIndexOf("/") + 1);
      const dir = dirOf(text);
      return (
        /\.(py|pth)$|[*?[]/.test(last) &&
        [...dirs].some((root) => dir === root || dir.startsWith(root === "/" ? "/" : `${root}/`))
      );
    });
    if (shadows) return true;
  }
  if (name === "git") {
    const gitDirs = (state.cwds ?? ["/"]).map((cwd) => `${cwd === "/" ? "" : cwd}/.git/`);
    const planted = written.some((path) =>
      path.path !== null
        ? GIT_CODE.test(path.path)
        : gitDirs.some((dir) => mayName(path, dir)) || state.cwds === null,
    );
    if (planted) return true;
  }
  let script: Word | undefined;
  if ((executed[0]?.text ?? "").includes("/")) script = executed[0];
  else if (SCRIPT_RUNNERS.test(name)) {
    script = executed.slice(1).find((word) => !word.text.startsWith("-"));
  }
  if (script === undefined) return false;
  const targets = resolveWord(script, state);
  return written.some((path) =>
    targets.some((target) => target.path === null || mayName(path, target.path)),
  );
}
