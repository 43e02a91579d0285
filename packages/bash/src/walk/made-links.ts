import { posix } from "node:path";
import { STEP, tick } from "../check/deadline.ts";
import { copyCalls, LINKERS, MOVERS, mayCopy } from "../programs/file-copies.ts";
import { globOfFolder } from "../programs/paths.ts";
import { toolName } from "../programs/wrappers.ts";
import type { PendingPath, PendingUnit } from "./walk.ts";

/**
 * Links the string itself makes (`ln -s ~/.ssh k`, `cp -s`, a link moved by `mv`): a later
 * path through the link's name (`k/id_rsa`, `cd k && cat id_rsa`, `echo x >> k/keys`) opens
 * the file below the link's target, which its lexical reading does not show. Each such path
 * gets a twin of the same access naming the file where the link leads (or an unknown file when
 * the target or the link's place is not known).
 */

/** A link the string may have made: where it is, and where it leads (null: unknown). */
interface MadeLink {
  /** The link's absolute path; null: anywhere (a computed name). */
  at: string | null;
  to: readonly string[] | null;
}

/** How many twins one path may get through chained links before it is taken as unknown. */
const MAX_TWINS = 40;

/**
 * Adds the twins of every path that goes through a link an earlier unit made, in the order
 * the units run. `again` holds units that may run again after the units up to an index (a
 * loop's next round, a later call of a function): links made up to there reach them too.
 * `placeOf` gives a unit's possible working directories, where a link named only by its
 * target (`ln -s /etc`) is made, and its home directory.
 */
export function followMadeLinks(
  units: readonly PendingUnit[],
  again: readonly (readonly [PendingUnit, number, unknown])[],
  placeOf: (unit: PendingUnit) => LinkPlace | undefined,
): void {
  if (units.length < 2) return;
  const made: [number, MadeLink][] = [];
  // The links made so far, in order (the second members of `made`).
  const links: MadeLink[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index] as PendingUnit;
    const through = links.length > 0 && follow(unit, links);
    for (const link of linksOf(unit, through, placeOf)) {
      made.push([index, link]);
      links.push(link);
    }
  }
  if (made.length === 0) return;
  for (const [unit, until] of again) {
    const reaching = made.filter(([index]) => index < until).map(([, link]) => link);
    if (reaching.length > 0) follow(unit, reaching);
  }
}

/** Adds the twins of `unit`'s paths through `links`; whether any path went through one. */
function follow(unit: PendingUnit, links: readonly MadeLink[]): boolean {
  const seen = new Set(unit.paths.map(key));
  const pending = [...unit.paths];
  let through = false;
  let added = 0;
  const unknown = new Set<string>();
  while (pending.length > 0) {
    const path = pending.pop() as PendingPath;
    // Each path is compared with every link made before its unit: a chain of links (`ln -s
    // p0 p1; ln -s p1 p2; …`) makes this quadratic in the string (R26 dos-link-chain).
    tick(STEP.link * links.length);
    for (const link of links) {
      const targets = reached(path, link);
      if (targets === undefined) continue;
      through = true;
      if (targets === null || added >= MAX_TWINS) {
        if (unknown.has(path.access)) continue;
        unknown.add(path.access);
        unit.paths.push({
          raw: path.raw,
          path: null,
          glob: null,
          access: path.access,
          via: path.via,
        });
        continue;
      }
      for (const twin of targets) {
        const next: PendingPath = { raw: path.raw, access: path.access, via: path.via, ...twin };
        if (seen.has(key(next))) continue;
        seen.add(key(next));
        unit.paths.push(next);
        pending.push(next);
        added++;
      }
    }
  }
  return through;
}

function key(path: PendingPath): string {
  return `${path.access}\0${path.path ?? ""}\0${path.glob ?? ""}`;
}

/**
 * Where a path leads once `link` is followed: the path or glob below each target; null when
 * it may go through the link to a file nobody knows; undefined when it does not go through it.
 */
function reached(
  path: PendingPath,
  link: MadeLink,
): { path: string | null; glob: string | null }[] | null | undefined {
  const text = path.path ?? path.glob;
  // A computed path is unknown already; a device is never a link the string made.
  if (text === null || /^\/(dev|proc)(\/|$)/.test(text)) return undefined;
  if (link.at === null) return null;
  const at = path.path !== null ? link.at : globOfFolder(link.at);
  const inside = at === "/" ? "/" : `${at}/`;
  if (text !== at && !text.startsWith(inside)) return undefined;
  if (link.to === null) return null;
  const rest = text.slice(at.length);
  return link.to.map((target) =>
    path.path !== null
      ? { path: posix.join(target, rest) || "/", glob: null }
      : { path: null, glob: `${globOfFolder(target)}${target === "/" ? rest.slice(1) : rest}` },
  );
}

/**
 * The names under which files the string wrote may also be run, through the links its units
 * make (S25 dir-link-written, traced: `echo … > src/a; ln -s src e; sh e/a` ran the text, and so
 * did writing through the link, `ln -s src e; echo … > e/a; sh src/a`). Null when no unit makes
 * a link, else a function giving, for written paths, their other names: below a link for a
 * file below its target, below the target for a file written through the link; a path nobody
 * knows where the link or its target is not known. `place` stands for every unit's place (a
 * link named only by its target is made in the working directory).
 */
export function madeLinkNames(
  units: readonly PendingUnit[],
  place: LinkPlace | undefined,
): ((written: readonly PendingPath[], writer: PendingUnit) => PendingPath[]) | null {
  const made: [PendingUnit, MadeLink][] = [];
  for (const unit of units) {
    // Only a mover's paths are looked at (linksOf asks no other unit whether it went through).
    const head = toolName(unit.executed?.[0] ?? "") ?? "";
    const mover = made.length > 0 && (MOVERS.has(head) || head === "git" || mayCopy(head));
    if (mover) tick(STEP.link * made.length * unit.paths.length);
    const through =
      mover &&
      unit.paths.some((path) => made.some(([, link]) => reached(path, link) !== undefined));
    for (const link of linksOf(unit, through, () => place)) made.push([unit, link]);
  }
  if (made.length === 0) return null;
  return (written, writer) => {
    // What the unit making a link writes is the link itself, not a file through it.
    const links = made.filter(([maker]) => maker !== writer).map(([, link]) => link);
    if (links.length === 0) return [];
    const out: PendingPath[] = [];
    const seen = new Set(written.map(key));
    const pending = [...written];
    while (pending.length > 0) {
      const path = pending.pop() as PendingPath;
      tick(STEP.link * links.length);
      for (const link of links) {
        for (const name of [
          ...(reached(path, link) ?? unknownName(path, link)),
          ...linkedFrom(path, link),
        ]) {
          const next: PendingPath = { raw: path.raw, access: path.access, via: path.via, ...name };
          if (seen.has(key(next))) continue;
          seen.add(key(next));
          out.push(next);
          if (out.length >= MAX_TWINS) {
            out.push({ raw: path.raw, path: null, glob: null, access: path.access, via: path.via });
            return out;
          }
          if (next.path !== null || next.glob !== null) pending.push(next);
        }
      }
    }
    return out;
  };
}

/** What `reached` leaves undecided: a path through a link whose place or target is unknown. */
function unknownName(
  path: PendingPath,
  link: MadeLink,
): { path: string | null; glob: string | null }[] {
  return reached(path, link) === null ? [{ path: null, glob: null }] : [];
}

/**
 * The names a written path has below `link` when it lies below one of its targets (`src/a`
 * is `e/a` once `e` leads to `src`); a target nobody knows may hold any written file.
 */
function linkedFrom(
  path: PendingPath,
  link: MadeLink,
): { path: string | null; glob: string | null }[] {
  const text = path.path ?? path.glob;
  if (text === null || /^\/(dev|proc)(\/|$)/.test(text)) return [];
  if (link.to === null || link.at === null) {
    if (link.at === null) return [{ path: null, glob: null }];
    return [{ path: null, glob: link.at === "/" ? "/**" : `${globOfFolder(link.at)}/**` }];
  }
  const names: { path: string | null; glob: string | null }[] = [];
  for (const target of link.to) {
    if (path.path !== null) {
      const inside = target === "/" ? "/" : `${target}/`;
      if (text !== target && !text.startsWith(inside)) continue;
      names.push({ path: posix.join(link.at, text.slice(target.length)) || "/", glob: null });
      continue;
    }
    const folder = globOfFolder(target);
    const inside = target === "/" ? "/" : `${folder}/`;
    if (text.startsWith(inside)) {
      const rest = text.slice(target === "/" ? 0 : folder.length);
      const at = link.at === "/" ? "" : globOfFolder(link.at);
      names.push({ path: null, glob: `${at}${rest.startsWith("/") ? rest : `/${rest}`}` });
      continue;
    }
    // A glob whose fixed part may name the target or a folder above it: anything below the link.
    const wild = text.search(/[*?[]/);
    const fixed = wild === -1 ? text : text.slice(0, wild);
    if (target.startsWith(fixed)) {
      names.push({ path: null, glob: link.at === "/" ? "/**" : `${globOfFolder(link.at)}/**` });
      names.push({ path: link.at, glob: null });
    }
  }
  return names;
}

/** What a unit's state tells about where it runs: its working directories and home (null: unknown). */
export interface LinkPlace {
  cwds: readonly string[] | null;
  home: string | null;
}

/** One call of a link maker or mover: its name, its words after the name, which are computed. */
interface LinkCall {
  name: string;
  args: readonly string[];
  computed: (index: number) => boolean;
}

/**
 * The calls a unit's words stand for: the program's own, or the coreutils calls the table of
 * file-copies.ts reads another program's as (`cmake -E create_symlink . p` is `ln -sT -- . p`).
 */
function callsOf(unit: PendingUnit, executed: readonly string[]): LinkCall[] {
  const computed = new Set(unit.computed?.executed ?? []);
  const copies = copyCalls(executed, (index) => !computed.has(index));
  if (copies !== null) {
    return copies.map((call) => ({
      name: call.tool,
      args: call.args.map((word) =>
        typeof word === "number" ? (executed[word] as string) : word.text,
      ),
      computed: (index) => {
        const word = call.args[index];
        return typeof word === "number" ? computed.has(word) : word?.unknown === true;
      },
    }));
  }
  const git = gitWords(executed);
  const args = git !== null ? git[1] : executed.slice(1);
  const offset = executed.length - args.length;
  const name = git !== null ? `git ${git[0]}` : (toolName(executed[0] as string) ?? "");
  return [{ name, args, computed: (index) => computed.has(index + offset) }];
}

/** The links a unit may make (`through`: one of its paths went through a link already made). */
function linksOf(
  unit: PendingUnit,
  through: boolean,
  placeOf: (unit: PendingUnit) => LinkPlace | undefined,
): MadeLink[] {
  const executed = unit.executed;
  const head = executed?.[0];
  if (executed === null || head === undefined) return [];
  const calls = callsOf(unit, executed).filter((call) => {
    const moves = MOVERS.has(call.name) || call.name === "git mv";
    const makes = LINKERS.has(call.name) || (call.name === "cp" && call.args.some(linkingCopy));
    return makes || (moves && through);
  });
  if (calls.length === 0) return [];
  // Where the links lead: what the unit reads (a link it moves already followed).
  let read: string[] | null = [];
  for (const path of unit.paths) {
    if (path.access === "write" || belowFolder(path)) continue;
    if (path.path === null) read = null;
    else read?.push(path.path);
  }
  const place = placeOf(unit);
  // The destination (a moved source is read and written: not where a link lands).
  const written = unit.paths.filter((path) => path.access === "write" && !belowFolder(path));
  const links = new Map<string | null, string[] | null>();
  for (const { name, args, computed } of calls) {
    // `ln -s` writes its target as text, which the kernel reads from the link's own folder.
    const ln = name === "ln" ? lnWords(args) : null;
    const symbolic = ln?.symbolic && !ln.relative ? ln : null;
    const leadsTo = (at: string): string[] | null => {
      if (symbolic === null) return read === null ? null : [...new Set(read)];
      const targets: string[] = [];
      for (const index of symbolic.sources) {
        const text = args[index] as string;
        if (computed(index)) return null;
        if (text.startsWith("/")) targets.push(posix.normalize(text));
        else if (text === "~" || text.startsWith("~/")) {
          if (place?.home === null || place?.home === undefined) return null;
          targets.push(posix.join(place.home, text.slice(1)));
        } else if (text.startsWith("~")) return null;
        else targets.push(posix.join(posix.dirname(at), text));
      }
      return [...new Set(targets)];
    };
    const names = lastSegments(args);
    const places: (string | null)[] = [];
    const noTarget =
      ln?.noTarget === true ||
      args.some((arg) => /^(-[a-zA-Z]*T|--no-target-directory)$/.test(arg));
    for (const path of written) {
      if (path.path === null) {
        places.push(null);
        continue;
      }
      if (ln?.target !== true) places.push(path.path);
      // A folder destination holds the link under the source's name (`ln -s ~/.ssh d/`).
      if (!noTarget) for (const segment of names) places.push(posix.join(path.path, segment));
    }
    // `ln -s /etc`: the link is made in the working directory, under the target's name.
    if (written.length === 0) {
      const cwds = place?.cwds;
      if (cwds === null || cwds === undefined) places.push(null);
      else
        for (const cwd of cwds) for (const segment of names) places.push(posix.join(cwd, segment));
    }
    for (const at of new Set(places)) {
      // Calls of one unit (`cmake -E cmake_symlink_library`) share its written paths: each
      // place may lead where any of them points.
      const to = at === null ? null : leadsTo(at);
      const before = links.get(at);
      if (before === undefined) links.set(at, to);
      else if (before !== null)
        links.set(at, to === null ? null : [...new Set([...before, ...to])]);
    }
  }
  return [...links].map(([at, to]) => ({ at, to }));
}

/** A recursive tool's `folder/**` beside the folder itself: the folder says where links are. */
function belowFolder(path: PendingPath): boolean {
  return path.path === null && path.glob !== null && /(^|[^\\])\/\*\*$/.test(path.glob);
}

/** How ln reads its words: its operands that are targets, and the options that matter here. */
function lnWords(args: readonly string[]): {
  sources: number[];
  symbolic: boolean;
  relative: boolean;
  noTarget: boolean;
  target: boolean;
} {
  const read = {
    sources: [] as number[],
    symbolic: false,
    relative: false,
    noTarget: false,
    target: false,
  };
  const operands: number[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (ended || arg === "-" || !arg.startsWith("-")) {
      operands.push(i);
      continue;
    }
    if (arg === "--") {
      ended = true;
      continue;
    }
    if (arg.startsWith("--")) {
      const [option = "", value] = arg.slice(2).split(/=(.*)/s);
      const is = (long: string, unique: number) =>
        option.length >= unique && long.startsWith(option);
      if (is("symbolic", 2)) read.symbolic = true;
      else if (is("relative", 1)) read.relative = true;
      else if (is("no-target-directory", 4)) read.noTarget = true;
      else if (is("target-directory", 1) || is("suffix", 2)) {
        if (is("target-directory", 1)) read.target = true;
        if (value === undefined) i++;
      }
      continue;
    }
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at];
      if (letter === "s") read.symbolic = true;
      else if (letter === "r") read.relative = true;
      else if (letter === "T") read.noTarget = true;
      else if (letter === "S" || letter === "t") {
        if (letter === "t") read.target = true;
        if (at === arg.length - 1) i++;
        break;
      }
    }
  }
  read.sources = read.target || operands.length < 2 ? operands : operands.slice(0, -1);
  return read;
}

/**
 * Whether a word of cp asks for links instead of copies: symbolic (`-s`, `-as`,
 * `--symbolic-link`) or hard (`-l`, `-al`, `--link`, `--l`: a hard link shares the file, so a
 * later write to either name is read through the other).
 */
function linkingCopy(word: string): boolean {
  if (/^--sy/.test(word)) return "--symbolic-link".startsWith(word);
  if (/^--l/.test(word)) return "--link".startsWith(word);
  // A cluster ends where an option that takes a value starts (`-S SUFFIX`, `-t DIR`).
  const cluster = /^-([a-zA-Z]+)/.exec(word)?.[1] ?? "";
  for (const letter of cluster) {
    if (letter === "s" || letter === "l") return true;
    if (letter === "S" || letter === "t") return false;
  }
  return false;
}

/** The last segment of every operand (the link's name, or the source's name in a folder). */
function lastSegments(args: readonly string[]): string[] {
  const names: string[] = [];
  for (const arg of args) {
    if (arg.startsWith("-")) continue;
    const last = arg.replace(/\/+$/, "").split("/").pop() ?? "";
    if (last !== "" && last !== "." && last !== ".." && !/[$`*?[]/.test(last)) names.push(last);
  }
  return names;
}

/** The subcommand and its arguments of a git unit; null for other programs. */
function gitWords(executed: readonly string[]): [string, string[]] | null {
  if (executed.length < 2 || toolName(executed[0] as string) !== "git") return null;
  return [executed[1] as string, executed.slice(2)];
}
