import { posix } from "node:path";
import { type Word, wordFromText } from "../read/words.ts";
import type { PendingPath, PendingUnit } from "../walk/walk.ts";
import { copyCalls, LINKERS, MOVERS, mayCopy } from "./file-copies.ts";
import type { GitSetting } from "./git.ts";
import { gitOptionWords, gitSwitches } from "./git-options.ts";
import { globOfFolder, type PathUse } from "./paths.ts";
import { toolName } from "./wrappers.ts";

/**
 * Files a command makes from content the text does not show: a git commit, tree, index entry
 * or patch the string built, or an archive's members. Such a step may make symbolic links
 * (git mode 120000, a tar or zip link member) and may write any path of the tree it
 * materialises, so what the string does after it cannot be judged by the words alone.
 */

/**
 * git subcommands that put objects or index entries of the string's own making into the
 * repository: a later work-tree update may write them out, links included.
 */
const GIT_CREATORS: ReadonlySet<string> = new Set([
  ...["fast-import", "hash-object", "mktree", "mktag", "commit-tree", "update-index"],
  ...["read-tree", "unpack-objects", "index-pack", "apply", "am", "filter-branch", "bundle"],
  ...["replace", "stash", "fetch", "pull", "clone", "remote", "config", "submodule"],
  // `subtree add`/`pull` fetch a repository into a folder; `maintenance`'s prefetch task
  // fetches every remote (F22b, traced: a bundle the string wrote, brought by `git subtree add
  // -P s b x` or `-c remote.o.url=b maintenance run --task=prefetch`, wrote a link to ~/.ssh).
  ...["subtree", "maintenance"],
  // A push request on stdin (`receive-pack .`), a fetch by the plumbing command, and the
  // importers of foreign histories and patch series (C21 receivepack-creator, traced).
  ...["receive-pack", "fetch-pack", "quiltimport", "cvsimport", "svn", "p4", "archimport"],
]);

/** The subcommands that take objects from the repositories their remotes and URLs lead to. */
const FETCHERS: ReadonlySet<string> = new Set([
  ...["fetch", "fetch-pack", "pull", "clone", "remote", "submodule", "subtree", "maintenance"],
]);

/**
 * Whether a creator unit really creates something the text does not show. `made` says
 * whether the string may have made a file or folder of a plain name before the unit;
 * `settings` are the unit's own (`-c`, `--config-env`, `GIT_CONFIG_*`, `clone -c`).
 */
function creates(
  sub: string,
  args: readonly string[],
  made: (name: string) => boolean,
  settings: readonly GitSetting[] = [],
): boolean {
  // A fetch whose own settings lead a remote or a rewritten URL to a folder or bundle on this
  // machine takes that one's objects, which the string may have built (R21 fetch-setting,
  // traced: `git -c remote.o.url=b fetch o x:x`, `-c url.b.insteadOf=https://h/x/y fetch
  // https://h/x/y`, GIT_CONFIG_COUNT/PARAMETERS, `remote update o`, `fetch --all`).
  if (FETCHERS.has(sub) && settings.some((one) => leadsToLocal(one.key, one.value, made))) {
    return true;
  }
  switch (sub) {
    // A fetch or pull from a remote brings that remote's history; from a path or a bundle on
    // this machine, one the string may have built. A repository given by a plain name (`git
    // fetch b x:x`) is a remote's name or, when no remote has it, a path: a bundle the string
    // wrote to `b` is fetched (C21 gitfetch-bundle, traced). A remote the string set counted
    // where it was set (below); any other name is the user's remote or file.
    case "fetch":
    case "fetch-pack":
    case "pull":
    case "clone": {
      if (args.some((arg) => /^(\/|\.|~|file:)|\.bundle$/.test(arg))) return true;
      // A bundle clone takes first (`clone --bundle-uri=b`, git 2.38 and later).
      const bundle = args.find((arg) => arg.startsWith("--bundle-uri="));
      if (bundle !== undefined && localSource(bundle.slice(13), made)) return true;
      const repository = repositoryOperand(args);
      return (
        mayBeLocalRepository(repository) &&
        (/[:$`]/.test(repository ?? "") || made(repository as string))
      );
    }
    // Where a remote leads, set by the string to a folder or bundle on this machine (`git
    // remote add o b`, `git config remote.o.url b`, `url.<base>.insteadOf` with a local base,
    // `branch.<name>.remote`), is where a later fetch, pull or `remote update` takes objects
    // from: the string may have built it (C21 gitfetch-bundle, traced). A network URL is not.
    case "remote": {
      if (args[0] !== "add" && args[0] !== "set-url") return false;
      const operands = args.slice(1).filter((arg) => !arg.startsWith("-"));
      return operands.slice(1).some((arg) => mayBeLocalRepository(arg));
    }
    case "config":
      // Written for later commands: a plain name may be made after it.
      return args.some(
        (arg, i) =>
          /^(-e|--edit)$|[$`]/.test(arg) ||
          (args[i + 1] !== undefined && leadsToLocal(arg, args[i + 1] as string, () => true)),
      );
    // `submodule add URL PATH` clones URL (a relative one from the superproject's remote or
    // folder) and checks it out (R21 submodule-add, traced: `submodule add -b x ./b s` cloned
    // the bundle the string wrote to b); `update`, `init` and `sync` take the URLs from a
    // `.gitmodules` the string may have written.
    case "submodule":
      if (args[0] === "add") {
        return args.slice(1).some((arg) => !arg.startsWith("-") && localSource(arg, made));
      }
      return made(".gitmodules");
    // `subtree add|pull -P DIR REPOSITORY REF` fetches REPOSITORY (any operand may be it).
    case "subtree":
      return (
        /^(add|pull)$/.test(args[0] ?? "") &&
        args.slice(1).some((arg) => !arg.startsWith("-") && localSource(arg, made))
      );
    // The remotes it prefetches are the user's, or set by the string (counted where set).
    case "maintenance":
      return false;
    // `hash-object` without -w only prints the id.
    case "hash-object":
      return args.some((arg) => arg === "-w" || /^-[a-zA-Z]*w/.test(arg));
    case "stash":
      return args[0] === "store";
    // Refreshing or flagging entries adds no content; an entry given by mode and id does.
    case "update-index":
      return args.some((arg) =>
        /^(--cacheinfo|--index-info|--stdin|--unresolve|--again|-g|--add|--replace)$/.test(arg),
      );
    case "bundle":
      return args[0] === "unbundle";
    default:
      return true;
  }
}

/**
 * Whether a setting leads a fetch, pull, clone or submodule to a folder or bundle on this
 * machine: a remote's or submodule's URL, the remote a branch or a group names, a bundle to
 * take first, spelled as a local repository (`made` decides a plain name), or a rewrite
 * `url.BASE.insteadOf` whose BASE may be one (whatever rest of a URL follows it). A key or
 * value the text does not show may be any of these.
 */
function leadsToLocal(key: string, value: string | null, made: (name: string) => boolean): boolean {
  if (key === "*") return true;
  const rewrite = /^url\.(.*)\.(push)?insteadof$/is.exec(key);
  if (rewrite !== null) return mayBeLocalRepository(rewrite[1]);
  if (
    !/^((remote|submodule)\..*\.(push)?url|branch\..*\.(push)?remote|remotes\..*|remote\.pushdefault|fetch\.bundleuri)$/is.test(
      key,
    )
  ) {
    return false;
  }
  if (value === null || /[$`]/.test(value)) return true;
  // A group lists remotes and URLs separated by blanks.
  return value.split(/\s+/).some((member) => member !== "" && localSource(member, made));
}

/**
 * Whether a repository word names a folder or bundle on this machine the string may have
 * built: a path (`/`, `.`, `~`, `file:`), a `.bundle`, or a plain name the string may have
 * made (or one holding a `:` or an expansion).
 */
function localSource(word: string, made: (name: string) => boolean): boolean {
  if (/^(\/|\.|~|file:)|\.bundle$/.test(word)) return true;
  return mayBeLocalRepository(word) && (/[:$`]/.test(word) || made(word));
}

/**
 * The repository a fetch, pull or clone names: its first word that is no option (a value
 * given apart from its option may be taken for it, which only counts more fetches).
 */
function repositoryOperand(args: readonly string[]): string | undefined {
  for (const arg of args) {
    if (arg === "--") continue;
    if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/**
 * Whether a repository word may name a folder or bundle on this machine: anything but a URL
 * with a scheme (`https://…`, `ssh://…`; `file://` is local) or the scp-like `host:path`.
 */
function mayBeLocalRepository(word: string | undefined): boolean {
  if (word === undefined) return false;
  // `file://…`, and a remote helper's `<transport>::<address>`, whose address may be a path.
  if (/^file:|::/i.test(word)) return true;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word)) return false;
  return !/^[^/]*:/.test(word);
}

/**
 * git subcommands that write files of a commit, tree or index into the work tree. After a
 * creator in the same string, the files they write, links among them, are unknown.
 */
const GIT_WORK_TREE_UPDATES: ReadonlySet<string> = new Set([
  ...["checkout", "switch", "reset", "restore", "merge", "pull", "rebase", "cherry-pick"],
  ...["revert", "stash", "checkout-index", "read-tree", "sparse-checkout", "worktree"],
  ...["submodule", "bisect", "am", "apply", "filter-branch", "clone"],
  // The merge strategies run as commands, the one-file merge script (update-index and
  // checkout-index of the ids it is given), the index merger that runs it, the patch-series
  // importer and the merge tool (C21 git-lowlevel-merge, traced: merge-recursive main -- HEAD x
  // wrote a link the string built).
  ...["merge-recursive", "merge-resolve", "merge-subtree", "merge-octopus", "merge-ort"],
  ...["merge-recursive-ours", "merge-recursive-theirs", "merge-one-file", "merge-index"],
  ...["quiltimport", "mergetool"],
  // `subtree add`, `pull` and `merge` write the subtree's files below their folder.
  "subtree",
]);

/** Whether a work-tree update subcommand, as written, leaves the work tree alone. */
function leavesWorkTree(sub: string, args: readonly string[]): boolean {
  // The switches that keep the work tree count only as options before `--`, never as an
  // option's value (`apply --exclude --check p.diff` applies: traced).
  const switches = gitSwitches(sub, args);
  switch (sub) {
    // A new branch at HEAD (`checkout -b x`, `switch -c x`) keeps the files as they are. Any
    // other word not an option, before the new name or after it, is a start point or a
    // pathspec (`git checkout HEAD~1 -b x` checks HEAD~1 out: traced).
    case "checkout":
    case "switch": {
      const create = args.findIndex((a) => /^(-[bBcC]|--create|--force-create)$/.test(a));
      return create !== -1 && args.every((a, i) => i === create + 1 || a.startsWith("-"));
    }
    case "reset": {
      // The last mode given is the one git takes (`--soft --hard` is a hard reset).
      const modes = switches.filter((a) => /^--(soft|mixed|hard|merge|keep)$/.test(a));
      return modes[modes.length - 1] === "--soft";
    }
    case "restore":
      return (
        switches.includes("--staged") && !switches.some((a) => a === "--worktree" || a === "-W")
      );
    case "stash":
      return /^(list|show|create|store)$/.test(args[0] ?? "");
    case "read-tree":
      return !args.some((a) => a === "-u" || /^-[a-zA-Z]*u/.test(a));
    case "apply":
      return switches.some((a) => /^--(cached|check|stat|numstat|summary)$/.test(a));
    case "bisect":
      return /^(log|view|visualize|terms|help)$/.test(args[0] ?? "");
    case "subtree":
      return !/^(add|pull|merge)$/.test(args[0] ?? "");
    // `quiltimport --dry-run` only checks the patches (git 2.39's option spec takes no prefix).
    case "quiltimport":
      return switches.includes("--dry-run");
    default:
      return false;
  }
}

/**
 * Whether a git subcommand, as written, may write tracked files into the work tree (a revert,
 * a merge, a checkout of another commit, a stash pop, a hard reset, …).
 */
export function updatesWorkTree(sub: string, args: readonly string[]): boolean {
  return GIT_WORK_TREE_UPDATES.has(sub) && !leavesWorkTree(sub, args);
}

/** The subcommand and its arguments of a git unit, as canonical words; null for other programs. */
function gitWords(executed: readonly string[] | null): [string, string[]] | null {
  if (executed === null || executed.length < 2) return null;
  if ((toolName(executed[0] ?? "") ?? "") !== "git") return null;
  return [executed[1] as string, executed.slice(2)];
}

/** Whether an earlier unit put objects or index entries of the string's making into git. */
function madeGitObjects(units: readonly PendingUnit[], self: PendingUnit): boolean {
  return anyBefore(units, self, createsObjects, createdScans);
}

/**
 * Whether a unit among `units` before `at` may have written a file or folder named `name`
 * (relative, without `..`): a path written that ends in it or lies below it, or one written
 * whose name is not known.
 */
function madeBefore(units: readonly PendingUnit[], at: number, name: string): boolean {
  const tail = `/${name.replace(/^(\.\/)+|\/+$/g, "")}`;
  for (let i = 0; i < at && i < units.length; i++) {
    for (const path of (units[i] as PendingUnit).paths) {
      if (path.access === "read") continue;
      const where = path.path ?? path.glob;
      if (where === null || /[*?[]/.test(where)) return true;
      if (where.endsWith(tail) || where.includes(`${tail}/`)) return true;
    }
  }
  return false;
}

/**
 * Whether a unit is git putting objects or index entries of the string's making into git;
 * `units` up to `at` (exclusive) are the ones that ran before it.
 */
function createsObjects(unit: PendingUnit, units: readonly PendingUnit[], at: number): boolean {
  const executed = unit.executed;
  const sub = executed?.[1];
  if (executed === null || sub === undefined || !GIT_CREATORS.has(sub)) return false;
  if (toolName(executed[0] as string) !== "git") return false;
  // The options as git reads them (`update-index --ad --cach …` is --add --cacheinfo).
  const args = gitOptionWords(
    sub,
    executed.slice(2).map((text) => wordFromText(text)),
  ).args.map((word) => word.text);
  return creates(sub, args, (name) => madeBefore(units, at, name), unit.gitSettings);
}

/**
 * Whether a unit of `units` is git putting content of the string's making into the
 * repository (a creator of {@link GIT_CREATORS} that creates, with what ran before it): the
 * one list the written-code floor shares with the link passes here.
 */
export function storesMadeObjects(unit: PendingUnit, units: readonly PendingUnit[]): boolean {
  // Asked once per git unit that writes the work tree, about every other git unit: each
  // answer is kept for the list it was given.
  let known = storedAnswers.get(units);
  if (known === undefined) {
    known = new Map();
    storedAnswers.set(units, known);
  }
  let answer = known.get(unit);
  if (answer === undefined) {
    const at = units.indexOf(unit);
    answer = createsObjects(unit, units, at === -1 ? units.length : at);
    known.set(unit, answer);
  }
  return answer;
}

const storedAnswers = new WeakMap<readonly PendingUnit[], Map<PendingUnit, boolean>>();

/** How far a walk's units were looked at, and whether one so far answered yes. */
interface Scan {
  upTo: number;
  last: PendingUnit | undefined;
  found: boolean;
}

const createdScans = new WeakMap<readonly PendingUnit[], Scan>();

/**
 * Whether a unit before `self` passes `test`, a test of the unit's command words only (set
 * when the unit is filled, never changed after). The walk asks this for every git unit with
 * the same growing list: each unit is looked at once, where the list is the one seen last
 * time (a walk that rewound and refilled it starts over), so n git units cost n looks.
 */
function anyBefore(
  units: readonly PendingUnit[],
  self: PendingUnit,
  test: (unit: PendingUnit, units: readonly PendingUnit[], at: number) => boolean,
  scans: WeakMap<readonly PendingUnit[], Scan>,
): boolean {
  let scan = scans.get(units);
  if (
    scan === undefined ||
    scan.upTo > units.length ||
    (scan.upTo > 0 && units[scan.upTo - 1] !== scan.last)
  ) {
    scan = { upTo: 0, last: undefined, found: false };
    scans.set(units, scan);
  }
  let i = scan.upTo;
  while (!scan.found && i < units.length && units[i] !== self) {
    if (test(units[i] as PendingUnit, units, i)) scan.found = true;
    i++;
  }
  scan.upTo = i;
  scan.last = units[i - 1];
  return scan.found;
}

/**
 * Archive extractors and patch tools: each may make links (a tar, cpio or zip member, a git
 * style `new file mode 120000` hunk) whose targets only the data shows. Keyed by program name;
 * the test says whether the invocation extracts.
 */
const EXTRACTORS: ReadonlyMap<string, (args: readonly string[]) => boolean> = new Map<
  string,
  (args: readonly string[]) => boolean
>([
  ...["tar", "gtar", "bsdtar", "star"].map(
    (name) =>
      [
        name,
        (args: readonly string[]) =>
          args.some((arg) => arg === "--extract" || arg === "--get" || /^-[a-zA-Z]*x/.test(arg)) ||
          /^[a-zA-Z]*x/.test(args[0] ?? ""),
      ] as const,
  ),
  ["unzip", (args) => !args.some((arg) => /^-[a-zA-Z]*[ltvzpcZ]/.test(arg))],
  ...["cpio", "bsdcpio"].map(
    (name) =>
      [
        name,
        (args: readonly string[]) =>
          args.some((arg) => arg === "--extract" || /^-[a-zA-Z]*i/.test(arg)),
      ] as const,
  ),
  ...["7z", "7za", "7zr", "7zz"].map(
    (name) => [name, (args: readonly string[]) => /^(x|e)$/.test(args[0] ?? "")] as const,
  ),
  ["pax", (args) => args.some((arg) => /^-[a-zA-Z]*r/.test(arg))],
  ["dpkg-deb", (args) => args.some((arg) => /^(-[xXR]|--(v?extract|raw-extract))$/.test(arg))],
  ["dpkg", (args) => args.some((arg) => /^(-x|--extract)$/.test(arg))],
  ["unsquashfs", () => true],
  ["unar", () => true],
  ["patch", () => true],
  ["jar", (args) => /^-?[a-zA-Z]*x/.test(args[0] ?? "")],
  // A virtual environment's `bin/python*` are links to the system's interpreter (S33
  // venv-made-link, traced: `python3 -m venv v` made `v/bin/python3 -> /usr/bin/python3`, and
  // a later `cp x v/bin/python3` wrote the system's file).
  ["virtualenv", () => true],
  ["uv", (args) => args[0] === "venv"],
]);

/**
 * `python3 -m tarfile -e a.tgz out`: the standard library's tar extractor makes link members.
 * (`-m zipfile -e` writes a link member as a plain file holding its target.)
 */
function pythonExtracts(args: readonly string[]): boolean {
  const named = pythonModule(args);
  // `python3 -m venv v` (and virtualenv) makes `v/bin/python*` links (see EXTRACTORS).
  if (named === "venv" || named === "virtualenv") return true;
  return named === "tarfile" && args.some((arg) => arg === "-e" || arg === "--extract");
}

/** The module `python -m NAME` (or `-mNAME`) runs, if any. */
function pythonModule(args: readonly string[]): string | undefined {
  const module = args.findIndex((arg) => arg.startsWith("-m"));
  return args[module] === "-m" ? args[module + 1] : args[module]?.slice(2);
}

/**
 * Where a unit may have made links whose targets the text does not show: the folders it
 * extracted into (`tar x -C out`: `out`), `null` for anywhere, `undefined` when it makes none.
 */
function linkRegion(
  unit: PendingUnit,
  created: boolean,
  made: (name: string) => boolean,
): string[] | null | undefined {
  const executed = unit.executed;
  if (executed === null || executed.length === 0) return undefined;
  const git = gitWords(executed);
  if (git !== null) {
    const [sub, args] = git;
    // A patch's hunks (apply, am) make the links they describe, as does a clone or pull of a
    // repository or bundle on this machine (the string may have built it); any other update
    // writes out what a creator put in.
    const own =
      sub === "apply" ||
      sub === "am" ||
      sub === "quiltimport" ||
      ((sub === "clone" || sub === "pull" || sub === "submodule" || sub === "subtree") &&
        creates(sub, args, made, unit.gitSettings));
    if (!GIT_WORK_TREE_UPDATES.has(sub) || leavesWorkTree(sub, args)) return undefined;
    return own || created ? null : undefined;
  }
  const name = toolName(executed[0] as string) ?? "";
  const extracts =
    EXTRACTORS.get(name) ?? (/^python[0-9.]*$/.test(name) ? pythonExtracts : undefined);
  if (extracts === undefined || !extracts(executed.slice(1))) return undefined;
  // The folders it writes below (`-C out`, `-d out`); a stream or unknown folder: anywhere.
  const folders: string[] = [];
  for (const path of unit.paths) {
    if (path.access === "read" || path.glob === null || !path.glob.endsWith("/**")) continue;
    const folder = path.glob.slice(0, -3);
    if (/[*?[]/.test(folder)) return null;
    folders.push(folder === "" ? "/" : folder);
  }
  if (makesVirtualEnvironment(name, executed.slice(1))) return environmentLinks(unit);
  return folders.length === 0 ? null : folders;
}

function makesVirtualEnvironment(name: string, args: readonly string[]): boolean {
  if (name === "virtualenv" || name === "uv") return true;
  const module = /^python[0-9.]*$/.test(name) ? pythonModule(args) : undefined;
  return module === "venv" || module === "virtualenv";
}

/**
 * Where a virtual environment's links are: `bin` (its `python*` lead to the system's
 * interpreter) and `lib64` (a link to `lib`) below each folder it may make, read from the
 * words it writes or may write through (see `unmodelledWrites`); anywhere when one is unknown.
 */
function environmentLinks(unit: PendingUnit): string[] | null {
  const folders: string[] = [];
  for (const path of [...unit.paths, ...(unit.mayWrite ?? [])]) {
    if (path.access === "read") continue;
    if (path.path === null) return null;
    folders.push(posix.join(path.path, "bin"), posix.join(path.path, "lib64"));
  }
  return folders.length === 0 ? null : folders;
}

/** Whether a resolved path may go through a link made in one of the folders (`null`: anywhere). */
function mayPassThrough(path: PendingPath, region: readonly string[] | null): boolean {
  const text = path.path ?? path.glob;
  // A computed path is unknown already; a device is never a link the string made.
  if (text === null || /^\/(dev|proc)(\/|$)/.test(text)) return false;
  // `out/l/..` climbs from where the link leads, which the text does not show.
  if (region === null || /(^|\/)\.\.(\/|$)/.test(path.raw)) return true;
  const wild = text.search(/[*?[]/);
  const fixed = wild === -1 ? text : text.slice(0, wild);
  return region.some((folder) => {
    const inside = folder === "/" ? "/" : `${folder}/`;
    return text === folder || fixed.startsWith(inside) || inside.startsWith(fixed);
  });
}

/**
 * Marks the paths of `units` (in the order they run) that a link made earlier in the string
 * from unseen content may redirect: each such path gets a computed twin of the same access,
 * so a gate judges the unknown file it may reach (`tar xzf a.tgz; cat l` may read
 * `~/.ssh/id_rsa`). `again` holds units that may run again (loop bodies, functions) after the
 * units up to an index: a link made later in the loop reaches them in the next round.
 */
export function markUnseenLinks(
  units: readonly PendingUnit[],
  again: readonly (readonly [PendingUnit, number, unknown])[] = [],
): void {
  // A link reaches only units after its maker (or a loop's next round of them): one unit alone
  // needs no look.
  if (units.length < 2) return;
  let created = false;
  // Where links may be so far; undefined until a unit made some.
  let region: string[] | null | undefined;
  const makers: [number, string[] | null][] = [];
  // The names of symbolic links `ln -s` made so far (`ln -s . l`).
  let linked: string[] | undefined;
  let enteredLink = false;
  for (let index = 0; index < units.length; index++) {
    const unit = units[index] as PendingUnit;
    if (region !== undefined) addTwins(unit, region);
    if (linked !== undefined) {
      // After a cd into a link (`cd l`), the working directory is the link's target: any `..`
      // climbs from there.
      addClimbTwins(unit, linked, enteredLink);
      if (!enteredLink && /^(cd|pushd)$/.test(unit.executed?.[0] ?? "")) {
        enteredLink = unit.paths.some((path) =>
          path.raw.split("/").some((segment) => mayBeLink(segment, linked as string[])),
        );
      }
    }
    // Only git, ln and the extractors make links: a cheap look at the name first.
    const head = unit.executed?.[0];
    if (head === undefined) continue;
    const name = head.includes("/") ? (toolName(head) ?? "") : head;
    const made = linkNames(name, unit.executed as readonly string[]);
    if (made.length > 0) {
      // A link made or moved through a folder that may itself be a link (`ln -s . l; ln -s
      // ../x l/h`) lands where that link leads: its relative target is unknown.
      if (linked !== undefined) addThroughTwins(unit, linked);
      linked = [...(linked ?? []), ...made];
      if (name !== "git") continue;
    }
    if (name !== "git" && !EXTRACTORS.has(name) && !name.startsWith("python")) continue;
    const own = linkRegion(unit, created, (name) => madeBefore(units, index, name));
    if (own !== undefined) {
      makers.push([index, own]);
      region = region === null || own === null ? null : [...(region ?? []), ...own];
    }
    if (name === "git" && createsObjects(unit, units, index)) created = true;
  }
  if (again.length > 0) replayGitSequence(units, again);
  if (makers.length === 0) return;
  for (const [unit, until] of again) {
    const at = units.indexOf(unit);
    for (const [index, own] of makers) {
      if (index > at && index < until) addTwins(unit, own);
    }
  }
}

/**
 * A loop's next round, or a later call of a function, runs a git unit after what came later
 * in the string: a tree built or ignore rules changed there count too
 * (`for b in a x; do git add -A; git rm -q .gitignore; done`).
 */
function replayGitSequence(
  units: readonly PendingUnit[],
  again: readonly (readonly [PendingUnit, number, unknown])[],
): void {
  // Whether any of the first i units created objects or changed ignore rules, for every i:
  // a unit in a loop counts for its own next round too.
  const created = [false];
  const changed = [false];
  for (const [i, unit] of units.entries()) {
    created.push((created[i] as boolean) || createsObjects(unit, units, i));
    changed.push((changed[i] as boolean) || changesIgnoreRules(unit));
  }
  for (const [unit, until, state] of again) {
    const executed = unit.executed;
    if (executed === null || gitWords(executed) === null) continue;
    const at = Math.min(until, units.length);
    const uses = sequenceUses(
      executed.map((text) => wordFromText(text)),
      () => created[at] as boolean,
      () => changed[at] as boolean,
    );
    for (const use of uses) {
      const cwds = (state as { cwds?: readonly string[] | null }).cwds;
      const below = use.below === true && cwds !== null && cwds !== undefined;
      for (const cwd of below ? cwds : [null]) {
        unit.paths.push({
          raw: use.word.text,
          path: null,
          glob: cwd === null ? null : `${cwd === "/" ? "" : globOfFolder(cwd)}/**`,
          access: use.access,
          via: "operand",
        });
      }
    }
  }
}

/**
 * The names a command may have given links: every operand's last segment (the link, or the
 * source's name inside a folder operand or `-t`), none when it makes or moves no link. `ln`
 * and `link` in any spelling (a hard link to a link is a link; `--sym`, `--symb` abbreviate
 * `--symbolic`), `mv`, `cp` and `rsync` (a link is moved, or copied as a link with `-P`, `-d`,
 * `-a`, `-R`, `-l`), `install`, and `git mv`.
 */
function linkNames(name: string, executed: readonly string[]): string[] {
  // Another program's call that makes, copies or moves files (`cmake -E create_symlink . l`)
  // names its links as the coreutils call it stands for (file-copies.ts).
  const copies = mayCopy(name) ? copyCalls(executed, () => true) : null;
  if (copies !== null) {
    return copies.flatMap((call) =>
      linkNames(call.tool, [
        call.tool,
        ...call.args.map((word) =>
          typeof word === "number" ? (executed[word] as string) : word.text,
        ),
      ]),
    );
  }
  let args = executed.slice(1);
  if (name === "git") {
    const git = gitWords(executed);
    if (git === null || git[0] !== "mv") return [];
    args = git[1];
  } else if (!LINK_MOVERS.has(name)) return [];
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (/^-[a-zA-Z]*[StT]$/.test(arg) && name !== "git") i++;
    if (arg.startsWith("-")) {
      // `-t DIR`, `--target-directory=DIR`: the folder is the new links' parent.
      continue;
    }
    const last = arg.replace(/\/+$/, "").split("/").pop() ?? "";
    if (last !== "" && last !== "." && last !== "..") names.push(last);
  }
  return names;
}

/** Programs that may make, copy or move a symbolic link (by their name as run). */
const LINK_MOVERS: ReadonlySet<string> = new Set([...LINKERS, ...MOVERS]);

/**
 * Whether a command is one the tables know to make, move or unpack links: `ln`, `cp`, `mv`,
 * `rsync`, `install`, an archive extractor or patch tool, a virtual environment's maker, a git
 * subcommand that writes the work tree. A program no table knows is not one (nothing says it
 * makes links).
 */
export function knownLinkMaker(executed: readonly string[]): boolean {
  const git = gitWords(executed);
  if (git !== null) return updatesWorkTree(git[0], git[1]) || git[0] === "mv" || git[0] === "init";
  const name = toolName(executed[0] ?? "") ?? "";
  if (LINK_MOVERS.has(name)) return true;
  const extracts =
    EXTRACTORS.get(name) ?? (/^python[0-9.]*$/.test(name) ? pythonExtracts : undefined);
  return extracts !== undefined && extracts(executed.slice(1));
}

/**
 * A path that climbs out of a link the string made (`ln -s . l; cat l/../x`), or a relative
 * one that climbs after a cd into such a link (`entered`), climbs from the link's target,
 * which its lexical reading does not show: it gets a computed twin.
 */
/**
 * Whether a path segment may name one of the links: a glob segment may match one, and a
 * segment with an expansion or a brace may become one.
 */
function mayBeLink(segment: string, linked: readonly string[]): boolean {
  return linked.includes(segment) || /[*?[$`{}]/.test(segment);
}

/** Whether a written path climbs (`..`) below a segment that may be a link (`entered`: a cd went into one). */
function climbsThroughLink(text: string, linked: readonly string[], entered: boolean): boolean {
  if (!text.includes("..")) return false;
  const segments = text.split("/").filter((segment) => segment !== "" && segment !== ".");
  return segments.some((segment, at) => {
    // `{..,x}` climbs in one of its words.
    const climbing = segment === ".." || (/[{$`]/.test(segment) && segment.includes(".."));
    if (!climbing) return false;
    if (entered && !text.startsWith("/")) return true;
    return segments.slice(0, at).some((before) => mayBeLink(before, linked));
  });
}

function addClimbTwins(unit: PendingUnit, linked: readonly string[], entered: boolean): void {
  const seen = new Set<string>();
  for (const path of [...unit.paths]) {
    if (seen.has(path.access)) continue;
    const texts = path.expanded === undefined ? [path.raw] : [path.raw, path.expanded];
    if (!texts.some((text) => climbsThroughLink(text, linked, entered))) continue;
    seen.add(path.access);
    unit.paths.push({ raw: path.raw, path: null, glob: null, access: path.access, via: path.via });
  }
}

/** A computed twin for each path of a link maker whose folder part may pass through a link. */
function addThroughTwins(unit: PendingUnit, linked: readonly string[]): void {
  const through = unit.paths.some((path) =>
    [path.raw, path.expanded ?? ""].some((text) =>
      text
        .split("/")
        .slice(0, -1)
        .some((segment) => mayBeLink(segment, linked)),
    ),
  );
  if (!through) return;
  // The target a relative link names is read from where the link lands: every access of the
  // unit gets its unknown file.
  const seen = new Set<string>();
  for (const path of [...unit.paths]) {
    if (seen.has(path.access)) continue;
    seen.add(path.access);
    unit.paths.push({ raw: path.raw, path: null, glob: null, access: path.access, via: path.via });
  }
}

function addTwins(unit: PendingUnit, region: readonly string[] | null): void {
  const seen = new Set<string>();
  // git records a link in the work tree as a link and never walks through one: its reach over
  // the whole tree (`git add -A` after `tar x`) stays below the working directory.
  // (grep searches untracked files by opening them: not it.)
  const git =
    gitWords(unit.executed) !== null &&
    unit.executed?.[1] !== "grep" &&
    !unit.argv.includes("--no-index");
  for (const path of [...unit.paths]) {
    if (git && (path.raw === "." || path.glob?.endsWith("/**") === true)) continue;
    if (!mayPassThrough(path, region) || seen.has(path.access)) continue;
    seen.add(path.access);
    unit.paths.push({ raw: path.raw, path: null, glob: null, access: path.access, via: path.via });
  }
}

/**
 * Paths a git unit touches because of what the string did before it:
 * - a work-tree update after a creator writes the files of a tree the string built, which
 *   the text does not name (`git fast-import …; git checkout -f x` may write `.env`);
 * - a reader or cleaner of the whole tree after the ignore rules may have changed reaches
 *   the files they kept out, `.env` among them (`git rm .gitignore; git add -A`).
 */
export function gitSequenceUses(
  canonical: readonly Word[],
  earlier: () => readonly PendingUnit[],
  self: PendingUnit,
): PathUse[] {
  return sequenceUses(
    canonical,
    () => madeGitObjects(earlier(), self),
    // Its own `-c core.excludesFile=…` replaces the global ignore file too.
    () =>
      self.argv.some((word) => /excludesfile/i.test(word)) || changedIgnoreRules(earlier(), self),
  );
}

function sequenceUses(
  canonical: readonly Word[],
  created: () => boolean,
  changed: () => boolean,
): PathUse[] {
  const sub = canonical[1]?.text;
  // Most git commands neither update the work tree nor read all of it: no look back.
  if (sub === undefined || !(GIT_WORK_TREE_UPDATES.has(sub) || TREE_WIDE.has(sub))) return [];
  // The options as git reads them: spelled out, clusters split, the last of an option and its
  // negation kept (`clean -n --no-dry-run` removes, `grep --unt` is --untracked).
  const read = gitOptionWords(sub, canonical.slice(2)).effective;
  const args = read.map((word) => word.text);
  const uses: PathUse[] = [];
  if (GIT_WORK_TREE_UPDATES.has(sub) && !leavesWorkTree(sub, args) && created()) {
    uses.push({
      word: wordFromText("$(files of a tree the string made)", { computed: true }),
      access: "write",
    });
  }
  const wide = treeWide(sub, read);
  if (wide !== null && changed()) {
    uses.push({ word: wordFromText("."), access: wide, below: true });
  }
  return uses;
}

/** The subcommands {@link treeWide} may find reaching the whole tree. */
const TREE_WIDE: ReadonlySet<string> = new Set(["add", "stage", "stash", "grep", "clean"]);

/**
 * What a git subcommand does to every file below the working directory that the ignore rules
 * do not keep out (untracked ones included); null when it only reaches what it is named or
 * what git already tracks.
 */
function treeWide(sub: string, args: readonly Word[]): "read" | "read_write" | "write" | null {
  const texts = args.map((word) => word.text);
  switch (sub) {
    case "add":
    case "stage": {
      if (texts.some((t) => t === "-u" || t === "--update") && !texts.some(isAll)) return null;
      // Named files (`src/a.ts`) are what is read; a folder, a glob, `.` or `:/` reaches below.
      const operands = args.filter((word) => !word.text.startsWith("-"));
      const plainFiles =
        operands.length > 0 &&
        !texts.some(isAll) &&
        operands.every(
          (word) => word.literal && !/[*?[:]/.test(word.text) && PLAIN_FILE.test(word.text),
        );
      return plainFiles ? null : "read";
    }
    case "stash":
      return texts.some((t) => /^(-u|--include-untracked|-a|--all)$|^-[a-zA-Z]*[ua]/.test(t))
        ? "read_write"
        : null;
    case "grep":
      return texts.some((t) => /^--(untracked|no-index|no-exclude-standard)$/.test(t))
        ? "read"
        : null;
    case "clean":
      return texts.some((t) => t === "-n" || t === "--dry-run" || /^-[a-zA-Z]*n/.test(t))
        ? null
        : "write";
    default:
      return null;
  }
}

function isAll(text: string): boolean {
  return /^(-A|--all|--no-ignore-removal)$|^-[a-zA-Z]*A/.test(text);
}

/** A name that is a file, not a folder: it has an extension, or is one of git's own dot files. */
const PLAIN_FILE = /[^/.]\.[A-Za-z0-9]+$|(^|\/)\.git(ignore|attributes|modules)$/;

/**
 * Ignore files: any `.gitignore`, the repository's own exclude list, the user's global one
 * (`~/.config/git/ignore`, where `core.excludesFile` points by default).
 */
const IGNORE_FILE = /(^|\/)\.gitignore$|(^|\/)info\/exclude$|(^|\/)git\/ignore$/;

/** git subcommands that may change which ignore files the work tree holds. */
const GIT_TREE_CHANGES: ReadonlySet<string> = new Set([
  ...GIT_WORK_TREE_UPDATES,
  "rm",
  "mv",
  "clean",
]);

/**
 * Whether an earlier unit may have changed the ignore rules: written, removed or renamed an
 * ignore file (`echo '!.env' > api/.gitignore`, `git rm .gitignore`), changed the work tree
 * through git (a switch to an orphan branch holds no `.gitignore`), or set `core.excludesFile`.
 */
function changedIgnoreRules(units: readonly PendingUnit[], self: PendingUnit): boolean {
  // Looked at afresh each time: an earlier unit's redirects are added after a later unit of
  // its own substitutions may have asked.
  for (const unit of units) {
    if (unit === self) break;
    if (changesIgnoreRules(unit)) return true;
  }
  return false;
}

function changesIgnoreRules(unit: PendingUnit): boolean {
  for (const path of unit.paths) {
    if (path.access === "read") continue;
    const text = path.path ?? path.glob;
    // An unknown file may be one; a glob whose last segment is a pattern may match one.
    if (text === null || IGNORE_FILE.test(text)) return true;
    if (path.glob !== null && /^[*?[]|^\.[^/]*[*?[]/.test(text.slice(text.lastIndexOf("/") + 1)))
      return true;
  }
  const executed = unit.executed;
  if (executed === null || executed.length === 0) return false;
  const name = toolName(executed[0] as string) ?? "";
  if (name !== "git") {
    // An extraction or a patch may write any file below, an ignore file among them.
    return EXTRACTORS.get(name)?.(executed.slice(1)) === true;
  }
  const sub = executed[1] ?? "";
  if (sub === "config") return executed.some((arg) => /excludesfile/i.test(arg));
  if (!GIT_TREE_CHANGES.has(sub)) return false;
  const args = gitOptionWords(
    sub,
    executed.slice(2).map((text) => wordFromText(text)),
  ).effective.map((word) => word.text);
  if (leavesWorkTree(sub, args)) return false;
  // `git rm --cached` leaves the file; named files other than ignore files change no rule.
  if (sub === "rm" && gitSwitches(sub, args).includes("--cached")) return false;
  // Back to HEAD (`reset --hard`, a stash that keeps untracked files) restores the tracked
  // ignore files as committed: only a change this string made before could differ, and that
  // change counts by itself.
  if (sub === "reset" && args.every((arg) => arg.startsWith("-") || arg === "HEAD")) return false;
  if (
    sub === "stash" &&
    /^(push|save|-.*)?$/.test(args[0] ?? "") &&
    !args.some((arg) => /^(-u|--include-untracked|-a|--all)$|^-[a-zA-Z]*[ua]/.test(arg))
  )
    return false;
  if ((sub === "rm" || sub === "mv") && namesOnlyPlainFiles(args)) return false;
  return true;
}

/** Operands that are all files with an extension (`src/a.ts`): no folder, glob or ignore file. */
function namesOnlyPlainFiles(args: readonly string[]): boolean {
  const operands = args.filter((arg) => !arg.startsWith("-"));
  return (
    operands.length > 0 &&
    operands.every(
      (arg) => !/[*?[:]/.test(arg) && !IGNORE_FILE.test(arg) && /[^/.]\.[A-Za-z0-9]+$/.test(arg),
    )
  );
}
