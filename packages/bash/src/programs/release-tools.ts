import { posix } from "node:path";
import type { Word } from "../read/words.ts";
import { toolName } from "./wrappers.ts";

/**
 * Release tools whose job is to run `npm publish` or `git push` (each after its own checks):
 * those commands are judged as units of their own, so a rule about them meets the tool (`npx
 * changeset publish` meets `npm publish*`). Only the tools' own documented steps are listed;
 * `standard-version` and `commit-and-tag-version` only commit and tag, and print the push
 * for the user to run.
 */
export interface ReleaseTool {
  /** The program's name, and the subcommand that releases (none: the bare program does). */
  readonly name: string;
  readonly subcommand?: string;
  /** What it runs, one command line each. */
  readonly runs: readonly string[];
  /** Options after which it runs none of them (a dry run, a preview, help). */
  readonly dry: RegExp;
}

const HELP = /^(-h|--help|-v|-V|--version)$/;

export const RELEASE_TOOLS: readonly ReleaseTool[] = [
  // @changesets/cli: `npm publish` (or pnpm/yarn's) in each package that is ahead of the
  // registry, then a git tag per package; the push is left to the user.
  { name: "changeset", subcommand: "publish", runs: ["npm publish"], dry: HELP },
  // np: publishes, then `git push --follow-tags`.
  { name: "np", runs: ["npm publish", "git push"], dry: /^(-h|--help|-v|--version|--preview)$/ },
  // semantic-release (its default plugins): `git push` of the tag, `npm publish`.
  {
    name: "semantic-release",
    runs: ["npm publish", "git push"],
    dry: /^(-h|--help|-v|--version|-d|--dry-run)$/,
  },
  // release-it: commit, tag, `git push`, `npm publish`.
  {
    name: "release-it",
    runs: ["npm publish", "git push"],
    dry: /^(-h|--help|-v|--version|-d|--dry-run|--release-version|--changelog)$/,
  },
  // gh-pages: commits the folder to the gh-pages branch and pushes it.
  { name: "gh-pages", runs: ["git push"], dry: /^(-h|--help|-V|--version|-n|--no-push)$/ },
  // lerna publish: `npm publish` of each changed package after `lerna version`'s push.
  { name: "lerna", subcommand: "publish", runs: ["npm publish", "git push"], dry: HELP },
  { name: "lerna", subcommand: "version", runs: ["git push"], dry: /^(-h|--help|--no-push)$/ },
];

/**
 * The command lines a release tool runs (`words[0]` names the program), or none: another
 * program, another subcommand, or an option that makes it a dry run.
 */
export function releaseRuns(words: readonly Word[]): readonly string[] {
  const head = words[0]?.text ?? "";
  // A package's binary is often run by its path in the project (`node_modules/.bin/np`).
  const name =
    toolName(head) ??
    (/(^|\/)node_modules\/\.bin\/[^/]+$/.test(head) ? posix.basename(head) : null);
  if (name === null) return [];
  const sub = words.slice(1).find((word) => !word.text.startsWith("-"))?.text;
  const tool = RELEASE_TOOLS.find(
    (entry) => entry.name === name && (entry.subcommand === undefined || entry.subcommand === sub),
  );
  if (tool === undefined) return [];
  if (words.slice(1).some((word) => tool.dry.test(word.text))) return [];
  return tool.runs;
}
