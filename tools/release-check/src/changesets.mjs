// Release rules over the pending changesets: each rule is small, named, and collects
// findings instead of stopping at the first one.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {{ id: string, file: string, releases: Record<string, string>, summary: string }} Changeset
 * @typedef {{ name: string, members: string[], tail: string }} Batch
 * @typedef {{ level: "error" | "warning" | "info", code: string, message: string, file?: string, help?: string }} Finding
 * @typedef {{ private: boolean, dir: string }} WorkspacePackage
 * @typedef {{ root: string, changesets: Changeset[], batches: Batch[], packages: Map<string, WorkspacePackage>, gate: boolean }} ReleaseState
 */

const BUMPS = new Set(["major", "minor", "patch", "none"]);
const MIGRATION_LINE = /^Migration:\s*(docs\/migration\/\S+\.md)\s*$/m;

/**
 * Read `.changeset/*.md`, `.changeset/batches.json` and the workspace packages under root.
 * @param {string} root
 * @param {{ gate?: boolean }} [options]
 * @returns {{ state: ReleaseState, findings: Finding[] }}
 */
export function readReleaseState(root, options = {}) {
  /** @type {Finding[]} */
  const findings = [];
  const dir = join(root, ".changeset");
  const changesets = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".md") && f !== "README.md")
        .sort()
        .map((f) => parseChangeset(join(dir, f), f.slice(0, -3), findings))
        .filter((c) => c !== null)
    : [];
  const batches = readBatches(join(dir, "batches.json"), findings);
  return {
    state: { root, changesets, batches, packages: readPackages(root), gate: options.gate ?? false },
    findings,
  };
}

/** @param {string} file @param {string} id @param {Finding[]} findings @returns {Changeset | null} */
function parseChangeset(file, id, findings) {
  const text = readFileSync(file, "utf8");
  const match = /^---\n([\s\S]*?)\n?---\n?([\s\S]*)$/.exec(text);
  if (!match) {
    findings.push({
      level: "error",
      code: "changesetShape",
      file,
      message: "a changeset starts with a `---` front matter block",
      help: 'write `---\\n"@pi-permission/x": minor\\n---\\n\\nsummary`',
    });
    return null;
  }
  /** @type {Record<string, string>} */
  const releases = {};
  for (const line of (match[1] ?? "").split("\n")) {
    if (line.trim() === "") continue;
    const release = /^\s*["']?([^"':]+)["']?\s*:\s*(\w+)\s*$/.exec(line);
    if (!release) {
      findings.push({
        level: "error",
        code: "changesetShape",
        file,
        message: `cannot read the release line \`${line}\``,
      });
      continue;
    }
    releases[release[1] ?? ""] = release[2] ?? "";
  }
  return { id, file, releases, summary: (match[2] ?? "").trim() };
}

/** @param {string} file @param {Finding[]} findings @returns {Batch[]} */
function readBatches(file, findings) {
  if (!existsSync(file)) return [];
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    findings.push({
      level: "error",
      code: "batchShape",
      file,
      message: `not valid JSON: ${/** @type {Error} */ (error).message}`,
    });
    return [];
  }
  if (
    !parsed ||
    !Array.isArray(parsed.batches) ||
    Object.keys(parsed).some((k) => k !== "batches" && k !== "$comment")
  ) {
    findings.push({
      level: "error",
      code: "batchShape",
      file,
      message: 'expected `{ "batches": [ { "name", "members", "tail" } ] }`',
    });
    return [];
  }
  /** @type {Batch[]} */
  const batches = [];
  parsed.batches.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    const keys = b && typeof b === "object" ? Object.keys(b) : [];
    const ok =
      typeof b?.name === "string" &&
      typeof b?.tail === "string" &&
      Array.isArray(b?.members) &&
      b.members.every((/** @type {unknown} */ m) => typeof m === "string") &&
      keys.every((k) => ["name", "members", "tail", "$comment"].includes(k));
    if (!ok) {
      findings.push({
        level: "error",
        code: "batchShape",
        file,
        message: `batches[${i}] must have exactly a string \`name\`, a string array \`members\` and a string \`tail\``,
      });
    } else {
      batches.push({ name: b.name, members: b.members, tail: b.tail });
    }
  });
  return batches;
}

/** @param {string} root */
function readPackages(root) {
  /** @type {Map<string, WorkspacePackage>} */
  const packages = new Map();
  for (const group of ["packages", "tools", "examples"]) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const file = join(dir, name, "package.json");
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, "utf8"));
      packages.set(pkg.name, { private: pkg.private === true, dir: `${group}/${name}` });
    }
  }
  return packages;
}

/**
 * Runs git in the repository; null when git or the history is not there (a tarball, a shallow
 * clone without the release commit).
 * @param {string} root @param {string[]} args @returns {string | null}
 */
function git(root, args) {
  try {
    return execFileSync("git", args, {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

/** @type {Record<string, (state: ReleaseState) => Finding[]>} */
export const RULES = {
  // A package's public API is its `api/` snapshot (`npm run api:update`). Changed since the
  // package's last release (the last commit that wrote its CHANGELOG.md, which `changeset
  // version` does), it ships to users: a pending changeset must say so.
  apiNamesChangeset(state) {
    const named = new Set(state.changesets.flatMap((c) => Object.keys(c.releases)));
    /** @type {Finding[]} */
    const out = [];
    let unknownHistory = false;
    for (const [name, pkg] of state.packages) {
      if (pkg.private || !existsSync(join(state.root, pkg.dir, "api"))) continue;
      const release = git(state.root, [
        "log",
        "-1",
        "--format=%H",
        "--",
        `${pkg.dir}/CHANGELOG.md`,
      ]);
      if (release === null || release.trim() === "") {
        unknownHistory = true;
        continue;
      }
      const api = `${pkg.dir}/api`;
      const changed = git(state.root, ["diff", "--name-only", release.trim(), "--", api]);
      const untracked = git(state.root, ["ls-files", "--others", "--exclude-standard", "--", api]);
      if (changed === null || untracked === null) {
        unknownHistory = true;
        continue;
      }
      if (`${changed}${untracked}`.trim() === "" || named.has(name)) continue;
      out.push({
        level: "error",
        code: "apiNamesChangeset",
        file: api,
        message: `the public API of \`${name}\` changed since its last release and no pending changeset names it`,
        help: `add .changeset/<name>.md with \`"${name}": minor\` (or major, with a migration note) saying what users see`,
      });
    }
    if (unknownHistory) {
      out.push({
        level: "info",
        code: "apiNamesChangeset",
        message:
          "some API snapshots were not compared: no git history of their package's CHANGELOG.md here",
      });
    }
    return out;
  },

  knownPackages(state) {
    return state.changesets.flatMap((c) =>
      Object.entries(c.releases).flatMap(([name, bump]) => {
        const pkg = state.packages.get(name);
        /** @type {Finding[]} */
        const out = [];
        if (!pkg)
          out.push({
            level: "error",
            code: "knownPackages",
            file: c.file,
            message: `\`${name}\` is not a package of this workspace`,
          });
        else if (pkg.private)
          out.push({
            level: "error",
            code: "knownPackages",
            file: c.file,
            message: `\`${name}\` is private and is never released`,
          });
        if (!BUMPS.has(bump))
          out.push({
            level: "error",
            code: "knownPackages",
            file: c.file,
            message: `\`${bump}\` is not a bump; expected major, minor, patch or none`,
          });
        return out;
      }),
    );
  },

  majorNamesMigration(state) {
    return state.changesets.flatMap((c) => {
      if (!Object.values(c.releases).includes("major")) return [];
      const note = MIGRATION_LINE.exec(c.summary)?.[1];
      if (!note) {
        return [
          {
            level: "error",
            code: "majorNamesMigration",
            file: c.file,
            message: "a major changeset must name its migration note",
            help: "add a line `Migration: docs/migration/<name>.md` and write that note",
          },
        ];
      }
      if (!existsSync(join(state.root, note))) {
        return [
          {
            level: "error",
            code: "majorNamesMigration",
            file: c.file,
            message: `the migration note \`${note}\` does not exist`,
            help: "write the note, or fix the path on the `Migration:` line",
          },
        ];
      }
      return [];
    });
  },

  batchShape(state) {
    /** @type {Finding[]} */
    const out = [];
    const seenNames = new Set();
    /** @type {Map<string, string>} */
    const owner = new Map();
    for (const batch of state.batches) {
      if (seenNames.has(batch.name))
        out.push({
          level: "error",
          code: "batchShape",
          message: `batch \`${batch.name}\` is declared twice`,
        });
      seenNames.add(batch.name);
      if (!batch.members.includes(batch.tail)) {
        out.push({
          level: "error",
          code: "batchShape",
          message: `batch \`${batch.name}\`: its tail \`${batch.tail}\` is not one of its members`,
        });
      }
      for (const member of batch.members) {
        const other = owner.get(member);
        if (other && other !== batch.name) {
          out.push({
            level: "error",
            code: "batchShape",
            message: `changeset \`${member}\` belongs to two batches, \`${other}\` and \`${batch.name}\``,
          });
        }
        owner.set(member, batch.name);
      }
    }
    return out;
  },

  batchHeld(state) {
    const present = new Set(state.changesets.map((c) => c.id));
    return state.batches.flatMap((batch) => {
      const landed = batch.members.filter((m) => present.has(m));
      if (landed.length === 0) {
        return [
          {
            level: "warning",
            code: "batchHeld",
            message: `batch \`${batch.name}\` has no pending changeset; remove it from .changeset/batches.json once it is released`,
          },
        ];
      }
      if (present.has(batch.tail)) return [];
      return [
        {
          level: state.gate ? "error" : "info",
          code: "batchHeld",
          message: `batch \`${batch.name}\` is held until its tail \`${batch.tail}\` lands (pending: ${landed.join(", ")})`,
          help: state.gate
            ? "release without this batch's packages, or land the tail first"
            : undefined,
        },
      ];
    });
  },
};

/**
 * Run every rule; `gate` is the mode used right before `changeset version`.
 * @param {string} root
 * @param {{ gate?: boolean }} [options]
 * @returns {Finding[]}
 */
export function checkRelease(root, options = {}) {
  const { state, findings } = readReleaseState(root, options);
  return [...findings, ...Object.values(RULES).flatMap((rule) => rule(state))];
}

/** @param {Finding} f */
export function formatFinding(f) {
  return [
    `${f.level}[${f.code}]: ${f.message}`,
    ...(f.file ? [`  --> ${f.file}`] : []),
    ...(f.help ? [`  help: ${f.help}`] : []),
  ].join("\n");
}
