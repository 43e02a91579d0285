// A small option parser for `check` and `explain`: `--name value`, `--name=value` and flags.

/** The parsed options: each value option at most once, each flag present or not. */
export interface ParsedOptions {
  readonly values: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
}

/**
 * Parse `args` of `command` against the options it knows. An unknown option, a repeated
 * one, a value option without its value and a stray positional argument are usage errors.
 */
export function parseOptions(
  command: string,
  args: readonly string[],
  known: { readonly values: readonly string[]; readonly flags: readonly string[] },
): ParsedOptions | { usage: string } {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--")) {
      return { usage: `\`${command}\` takes only options; unexpected \`${arg}\`` };
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (known.flags.includes(name) && eq < 0) {
      flags.add(name);
      continue;
    }
    if (!known.values.includes(name)) {
      return { usage: `unknown option \`${name}\` for \`${command}\`` };
    }
    if (values.has(name)) return { usage: `\`${name}\` is given twice` };
    const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined) return { usage: `\`${name}\` needs a value` };
    values.set(name, value);
  }
  return { values, flags };
}
