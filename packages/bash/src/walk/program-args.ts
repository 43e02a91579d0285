import { type Word, wordFromText } from "../read/words.ts";
import type { Vars } from "./expand.ts";
import type { Assignment, Injection } from "./injection.ts";

/**
 * Launcher scripts that run a program a variable names with the words of another variable
 * after it, unquoted: the Cloud SDK's gcloud, gsutil and bq end in
 * `exec "$CLOUDSDK_PYTHON" $CLOUDSDK_PYTHON_ARGS …/X.py "$@"` (gsutil and bq prefer
 * CLOUDSDK_GSUTIL_PYTHON and CLOUDSDK_BQ_PYTHON). Judged apart, the program and its words
 * each look harmless (R24 cloudsdk-python-args, traced: `CLOUDSDK_PYTHON=git
 * CLOUDSDK_PYTHON_ARGS=push gsutil version` ran `git push …/gsutil.py version`), the same
 * join as a compiler and its flags (injection.ts compilerLines).
 */
const PROGRAM_ARGS: readonly {
  program: RegExp;
  args: RegExp;
  /** A program value that is the launcher's own default kind (a python): alone, no line. */
  plain: RegExp;
  /** Argument words that neither run nor load anything (python's switches without value). */
  harmless: RegExp;
}[] = [
  {
    program: /^CLOUDSDK_(?:GSUTIL_|BQ_)?PYTHON$/,
    args: /^CLOUDSDK_PYTHON_ARGS$/,
    plain: /^(?:\S*\/)?python[0-9.]*$/,
    harmless: /^-[sSEBuIOqRbdv]+$/,
  },
];

/** Whether a variable is one part of a program-and-arguments pair (see programArgRuns). */
function pairOf(name: string) {
  return PROGRAM_ARGS.find((pair) => pair.program.test(name) || pair.args.test(name));
}

/**
 * The program lines such launchers run, from the command's environment and what the string
 * assigned before (taken as exported): the program with all argument words after it, one unit
 * judged by its words; argument words that may run or load code with the default program, or
 * a part only known at run time, ask.
 */
export function programArgRuns(vars: Vars, environment: readonly Assignment[]): Injection[] {
  const env: { name: string; value: Word | null }[] = [];
  for (const [name, values] of vars) {
    if (pairOf(name) === undefined) continue;
    if (values === null) env.push({ name, value: null });
    else for (const value of values) env.push({ name, value: wordFromText(value.text) });
  }
  for (const { name, value } of environment) {
    if (pairOf(name) !== undefined) env.push({ name, value });
  }
  const found: Injection[] = [];
  for (const pair of PROGRAM_ARGS) {
    const programs = env.filter(({ name }) => pair.program.test(name));
    const args = env.filter(({ name }) => pair.args.test(name));
    const words: string[] = [];
    let risky = false;
    for (const { name, value } of args) {
      if (value === null || !value.literal) {
        found.push({
          name,
          value: value ?? wordFromText(`$${name}`, { computed: true }),
          command: false,
        });
        risky = true;
        continue;
      }
      const split = value.text.split(/\s+/).filter((word) => word !== "");
      words.push(...split);
      if (split.some((word) => !pair.harmless.test(word))) {
        found.push({ name, value, command: false });
        risky = true;
      }
    }
    for (const { name, value } of programs) {
      if (value === null || !value.literal) {
        if (args.length > 0) {
          const word = value ?? wordFromText(`$${name}`, { computed: true });
          found.push({ name, value: word, command: false });
        }
        continue;
      }
      if (value.text === "" || (pair.plain.test(value.text) && !risky)) continue;
      found.push({ name, value, command: false, program: [value.text, ...words] });
    }
  }
  return found;
}
