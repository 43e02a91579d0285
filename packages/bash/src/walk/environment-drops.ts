import type { WrapperLayer } from "../types.ts";
import type { Assignment } from "./injection.ts";

/** What a wrapper layer removes from the environment it passes on: every name, or these. */
type Drops = "all" | readonly string[];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * GNU env's removals: `-i`, `--ignore-environment` (any abbreviation) and a lone `-` clear the
 * environment, `-u NAME`, `-uNAME`, `--unset[=]NAME` (any abbreviation) remove one name; both
 * happen before env's own `NAME=value` words. An option this does not know counts as clearing
 * (the caller only keeps what surely survives).
 */
function envDrops(argv: readonly string[]): Drops {
  const names: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const text = argv[i] as string;
    if (text === "--") break;
    if (text === "-") return "all";
    if (!text.startsWith("-")) continue;
    if (text.startsWith("--")) {
      const [option = "", value] = text.slice(2).split(/=(.*)/s);
      if (option === "" || "ignore-environment".startsWith(option)) return "all";
      if ("unset".startsWith(option)) {
        const name = value ?? argv[++i];
        if (name === undefined || !NAME.test(name)) return "all";
        names.push(name);
        continue;
      }
      if (/^(chdir|split-string|argv0)$/.test(option) && value === undefined) i++;
      continue;
    }
    for (let at = 1; at < text.length; at++) {
      const letter = text[at] as string;
      if (letter === "i") return "all";
      if (/[0v]/.test(letter)) continue;
      if (/[uaCS]/.test(letter)) {
        const value = at + 1 < text.length ? text.slice(at + 1) : argv[++i];
        if (letter === "u") {
          if (value === undefined || !NAME.test(value)) return "all";
          names.push(value);
        }
        break;
      }
      return "all";
    }
  }
  return names;
}

/** What one wrapper layer removes from the environment before its own `NAME=value` words. */
function layerDrops(layer: WrapperLayer): Drops {
  const words = layer.argv.slice(1);
  // A wrapper run by its path (`/usr/bin/env -i`) is the same wrapper.
  switch (layer.name.replace(/^.*\//, "")) {
    case "env":
      return envDrops(layer.argv);
    case "exec":
      // bash's `exec -c` runs the command with an empty environment.
      return words.some((text) => /^-[a-z]*c/.test(text)) ? "all" : [];
    case "cmake":
      if (words[0] !== "-E" || words[1] !== "env") return [];
      return words.some((text) => text.startsWith("--modify"))
        ? "all"
        : words.flatMap((text) => /^--unset=(.*)$/s.exec(text)?.[1] ?? []);
    case "sudo":
    case "doas":
      // Both reset the environment to a list of their own (sudo's env_reset, doas without keepenv).
      return "all";
    case "setpriv":
      return words.some((text) => /^--(r|re|res|rese|reset|reset-|reset-e\w*)$/.test(text))
        ? "all"
        : [];
    case "strace":
      // `-E NAME` (no value) removes NAME from the traced command's environment.
      return words.some((text) => /^-E|^--env/.test(text)) ? "all" : [];
    default:
      return [];
  }
}

/**
 * The part of a command's environment (its prefix assignments, then its wrappers' `NAME=value`
 * words, in order) that surely reaches the program: a name a later wrapper unsets or whose
 * environment it clears (`GNUPGHOME=./g env -u GNUPGHOME gpg`, `env -i`, `env -`, `exec -c`,
 * `sudo`) is dropped, unless a layer at or after that one sets it again. Used where a value
 * moves a default place away from the home folder (HOME, GNUPGHOME, KUBECONFIG): dropping one
 * keeps the default, the home files.
 */
export function reachingEnvironment(
  environment: readonly Assignment[],
  layers: readonly WrapperLayer[],
): readonly Assignment[] {
  const drops = layers.map(layerDrops);
  if (drops.every((drop) => drop !== "all" && drop.length === 0)) return environment;
  const lastDrop = (name: string): number =>
    drops.findLastIndex((drop) => drop === "all" || drop.includes(name));
  const lastSet = (name: string): number =>
    layers.findLastIndex((layer) =>
      layer.argv.slice(1).some((text) => text.startsWith(`${name}=`)),
    );
  return environment.filter((assignment) => {
    const dropped = lastDrop(assignment.name);
    return dropped === -1 || lastSet(assignment.name) >= dropped;
  });
}
