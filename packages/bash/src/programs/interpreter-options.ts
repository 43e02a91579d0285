/**
 * The option grammars of the interpreters whose script operand decides what runs: which words
 * are option values, which word is the script, and when the code comes from stdin. An option
 * the grammar does not know may take the next word as its value, so it leaves the script
 * unproven: every later operand may be the script, and so may stdin.
 */

import type { Word } from "../read/words.ts";
import { programStem, toolName } from "./wrappers.ts";

/** Where an interpreter takes its code from, read off its options. */
export interface ScriptSource {
  /** Words naming a file it runs as code: the script, and files such as `--rcfile F`. */
  readonly files: readonly Word[];
  /** Whether the code may come from stdin (no script operand, `-`, `bash -s`). */
  readonly stdin: boolean;
  /** The script operand is `-` (or, unproven, a later word is `-`): stdin by name. */
  readonly dash: boolean;
  /** Code on the line (`-c`, `-e`) or a module (`-m`): no operand is a script. */
  readonly inline: boolean;
  /** The word holding the inline code, when it is known. */
  readonly code: Word | null;
  /** Only help or a version is printed: nothing runs. */
  readonly info: boolean;
  /** An option the grammar does not know (or a computed word) stood before the script. */
  readonly unproven: boolean;
  /** After the script, the interpreter reads more code from stdin (`python -i`). */
  readonly interactive: boolean;
  /** Operands that are globs matching only project files (see `projectGlob`): no stream. */
  readonly globs?: readonly Word[];
}

/**
 * `flag`: no value; `value`: the rest of the word, else the next word; `file`: a value that
 * names a file of code; `script`: a value that is the script itself, ending the options
 * (`php -f x`); `rest`: an optional value only in the rest of the word; `digits`: an
 * optional number attached, the cluster going on after it (perl's `-l0ne`); `code`: the
 * rest of the word or the next word is code; `stdin`: the script comes from stdin and every
 * operand is an argument; `info`: prints and exits; `tests`: every operand is a file it runs;
 * `interactive`: after the script it reads more code from stdin (`python -i`).
 */
type Kind =
  | "flag"
  | "value"
  | "file"
  | "script"
  | "rest"
  | "digits"
  | "code"
  | "stdin"
  | "info"
  | "tests"
  | "interactive";

interface Grammar {
  readonly short: Readonly<Record<string, Kind>>;
  readonly long: Readonly<Record<string, Kind>>;
  /** bash reads `-norc` as `--norc` when the name is one of its long options. */
  readonly singleDashLong?: boolean;
  /** bash reads long options only before the first short one (`-e --norc` is an error). */
  readonly longFirst?: boolean;
  /** Shells take `+o name` as they take `-o name`. */
  readonly plus?: boolean;
  /** Letters cluster (`-euo pipefail`); node's short options stand alone. */
  readonly clusters: boolean;
  /** `-` is the script read from stdin (python, perl, node); for shells it ends the options. */
  readonly dashIsStdin: boolean;
  /** A long option spelled `--name=value` never takes the next word, known or not (node). */
  readonly equalsSelfContained?: boolean;
  /** Every `--name` is a flag (zsh sets the option of that name). */
  readonly longFlags?: boolean;
  /** The first operand may be a subcommand the script follows (`node inspect x.js`). */
  readonly subcommands?: ReadonlySet<string>;
}

/** A table's own entry: `--constructor` is no option, whatever objects inherit. */
const kindOf = (table: Readonly<Record<string, Kind>>, key: string): Kind | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

const flags = (letters: string, kind: Kind = "flag"): Record<string, Kind> =>
  Object.fromEntries([...letters].map((letter) => [letter, kind]));

/** bash 5.2 (`bash --help`), also standing for sh, rbash and dash, whose options it covers. */
const SHELL: Grammar = {
  short: {
    ...flags("abefhkmnptuvxBCEHPTilrDVIq"),
    o: "value",
    O: "value",
    c: "code",
    s: "stdin",
  },
  long: {
    debug: "flag",
    debugger: "flag",
    "dump-po-strings": "flag",
    "dump-strings": "flag",
    help: "info",
    "init-file": "file",
    rcfile: "file",
    login: "flag",
    noediting: "flag",
    noprofile: "flag",
    norc: "flag",
    posix: "flag",
    "pretty-print": "flag",
    restricted: "flag",
    verbose: "flag",
    version: "info",
  },
  singleDashLong: true,
  longFirst: true,
  plus: true,
  clusters: true,
  dashIsStdin: false,
};

/** python 3 (`python3 --help`): -W and -X take a value, -c and -m end the options. */
const PYTHON: Grammar = {
  short: {
    ...flags("bBdEIOPqsSuvxR"),
    i: "interactive",
    ...flags("hV?", "info"),
    W: "value",
    X: "value",
    c: "code",
    m: "code",
  },
  long: {
    "check-hash-based-pycs": "value",
    help: "info",
    "help-env": "info",
    "help-xoptions": "info",
    "help-all": "info",
    version: "info",
  },
  clusters: true,
  dashIsStdin: true,
};

/**
 * perl 5 (perlrun): -e, -E and -I take the rest of the word or the next word; the switches
 * with an optional value (-0, -C, -d, -D, -F, -i, -l, -m, -M, -V, -x) take only the rest.
 */
const PERL: Grammar = {
  short: {
    ...flags("acnpsStTuUwWX"),
    ...flags("CdDFimMVx", "rest"),
    ...flags("0l", "digits"),
    ...flags("hv", "info"),
    e: "code",
    E: "code",
    I: "value",
  },
  long: { help: "info", version: "info" },
  clusters: true,
  dashIsStdin: true,
};

/** The node 22 options (`node --help`) that take a value, as `--name value` or `--name=value`. */
const NODE_VALUES = [
  "allow-fs-read",
  "allow-fs-write",
  "build-snapshot-config",
  "conditions",
  "cpu-prof-dir",
  "cpu-prof-interval",
  "cpu-prof-name",
  "debug-port",
  "diagnostic-dir",
  "disable-proto",
  "disable-warning",
  "dns-result-order",
  "experimental-default-type",
  "experimental-sea-config",
  "experimental-test-isolation",
  "heap-prof-dir",
  "heap-prof-interval",
  "heap-prof-name",
  "heapsnapshot-near-heap-limit",
  "heapsnapshot-signal",
  "icu-data-dir",
  "input-type",
  "inspect-port",
  "inspect-publish-uid",
  "localstorage-file",
  "max-http-header-size",
  "max-old-space-size-percentage",
  "network-family-autoselection-attempt-timeout",
  "openssl-config",
  "redirect-warnings",
  "report-dir",
  "report-directory",
  "report-filename",
  "report-signal",
  "run",
  "secure-heap",
  "secure-heap-min",
  "stack-trace-limit",
  "test-concurrency",
  "test-coverage-branches",
  "test-coverage-exclude",
  "test-coverage-functions",
  "test-coverage-include",
  "test-coverage-lines",
  "test-name-pattern",
  "test-reporter",
  "test-reporter-destination",
  "test-shard",
  "test-skip-pattern",
  "test-timeout",
  "title",
  "tls-cipher-list",
  "tls-keylog",
  "trace-event-categories",
  "trace-event-file-pattern",
  "trace-require-module",
  "unhandled-rejections",
  "use-largepages",
  "v8-pool-size",
  "watch-kill-signal",
  "watch-path",
];

/** node options whose value is a file of code (or of settings that name code) it loads. */
const NODE_FILES = [
  "require",
  "import",
  "loader",
  "experimental-loader",
  "env-file",
  "env-file-if-exists",
  "experimental-config-file",
  "snapshot-blob",
  "experimental-policy",
];

/** The node 22 options (`node --help`) that take no value. */
const NODE_FLAGS = [
  "abort-on-uncaught-exception",
  "allow-addons",
  "allow-child-process",
  "allow-wasi",
  "allow-worker",
  "build-snapshot",
  "check",
  "cpu-prof",
  "disable-sigusr1",
  "disable-wasm-trap-handler",
  "disallow-code-generation-from-strings",
  "enable-etw-stack-walking",
  "enable-fips",
  "enable-network-family-autoselection",
  "enable-source-maps",
  "entry-url",
  "experimental-addon-modules",
  "experimental-async-context-frame",
  "experimental-default-config-file",
  "experimental-detect-module",
  "experimental-eventsource",
  "experimental-import-meta-resolve",
  "experimental-inspector-network-resource",
  "experimental-network-inspection",
  "experimental-permission",
  "experimental-print-required-tla",
  "experimental-require-module",
  "experimental-strip-types",
  "experimental-test-coverage",
  "experimental-test-module-mocks",
  "experimental-transform-types",
  "experimental-vm-modules",
  "experimental-wasm-modules",
  "experimental-webstorage",
  "experimental-websocket",
  "experimental-worker-inspection",
  "expose-gc",
  "force-context-aware",
  "force-fips",
  "force-node-api-uncaught-exceptions-policy",
  "frozen-intrinsics",
  "heap-prof",
  "huge-max-old-generation-size",
  "insecure-http-parser",
  "inspect",
  "inspect-brk",
  "inspect-wait",
  "interactive",
  "interpreted-frames-native-stack",
  "jitless",
  "node-memory-debug",
  "openssl-legacy-provider",
  "openssl-shared-config",
  "pending-deprecation",
  "permission",
  "preserve-symlinks",
  "preserve-symlinks-main",
  "prof",
  "prof-process",
  "report-compact",
  "report-exclude-env",
  "report-exclude-network",
  "report-on-fatalerror",
  "report-on-signal",
  "report-uncaught-exception",
  "test-force-exit",
  "test-only",
  "test-update-snapshots",
  "throw-deprecation",
  "tls-max-v1.2",
  "tls-max-v1.3",
  "tls-min-v1.0",
  "tls-min-v1.1",
  "tls-min-v1.2",
  "tls-min-v1.3",
  "trace-atomics-wait",
  "trace-deprecation",
  "trace-env",
  "trace-env-js-stack",
  "trace-env-native-stack",
  "trace-exit",
  "trace-promises",
  "trace-sigint",
  "trace-sync-io",
  "trace-tls",
  "trace-uncaught",
  "trace-warnings",
  "track-heap-objects",
  "use-bundled-ca",
  "use-env-proxy",
  "use-openssl-ca",
  "use-system-ca",
  "watch",
  "watch-preserve-output",
  "zero-fill-buffers",
];

const NODE: Grammar = {
  short: {
    C: "value",
    r: "file",
    e: "code",
    p: "code",
    c: "flag",
    i: "flag",
    h: "info",
    v: "info",
  },
  long: {
    ...Object.fromEntries(NODE_VALUES.map((name) => [name, "value" as Kind])),
    ...Object.fromEntries(NODE_FILES.map((name) => [name, "file" as Kind])),
    ...Object.fromEntries(NODE_FLAGS.map((name) => [name, "flag" as Kind])),
    ...Object.fromEntries(
      NODE_FLAGS.filter((name) => !name.startsWith("no-")).map((name) => [
        `no-${name}`,
        "flag" as Kind,
      ]),
    ),
    "no-addons": "flag",
    "no-deprecation": "flag",
    "no-experimental-fetch": "flag",
    "no-experimental-global-customevent": "flag",
    "no-experimental-global-navigator": "flag",
    "no-experimental-global-webcrypto": "flag",
    "no-experimental-repl-await": "flag",
    "no-experimental-sqlite": "flag",
    "no-extra-info-on-fatal-exception": "flag",
    "no-force-async-hooks-checks": "flag",
    "no-global-search-paths": "flag",
    "no-warnings": "flag",
    eval: "code",
    print: "code",
    test: "tests",
    help: "info",
    version: "info",
    "v8-options": "info",
    "completion-bash": "info",
  },
  clusters: false,
  dashIsStdin: true,
  equalsSelfContained: true,
  subcommands: new Set(["inspect"]),
};

/**
 * TypeScript runners pass node's options on and add their own, which are not installed here:
 * tsx's `--tsconfig` is known, any other option of theirs leaves the script unproven.
 */
const TS_RUNNER: Grammar = {
  ...NODE,
  long: { ...NODE.long, tsconfig: "value" },
  subcommands: new Set(["watch"]),
};

/**
 * zsh: every letter is an option without a value but -o (`+o`), -c and -s; `--name` sets an
 * option, `--emulate MODE` takes a word. Not installed here, so only what zsh's manual
 * states is taken.
 */
const ZSH: Grammar = {
  short: {
    ...flags("abdefghiklmnprtuvwxyzABCDEFGHIJKLMNPQRSTUVWXYZ0123456789"),
    o: "value",
    c: "code",
    s: "stdin",
  },
  // `--emulate sh` is the one long option that takes the next word.
  long: { help: "info", version: "info", emulate: "value" },
  longFlags: true,
  plus: true,
  clusters: true,
  dashIsStdin: false,
};

/** ksh and mksh: the POSIX letters, -o, and mksh's -T; any other letter is unproven. */
const KSH: Grammar = {
  short: { ...flags("abefhiklmnpruvxCX"), o: "value", T: "value", c: "code", s: "stdin" },
  long: {},
  plus: true,
  clusters: true,
  dashIsStdin: false,
};

/**
 * ruby (its manual; not installed here): -I, -r, -E and -C take the rest of the word or the
 * next word, the switches with an optional attached value take only the rest. -C changes
 * the directory the script is found in, and -F is left unproven.
 */
const RUBY: Grammar = {
  short: {
    ...flags("acdlnpsSvwyU"),
    ...flags("0iKTWx", "rest"),
    ...flags("h", "info"),
    I: "value",
    r: "file",
    E: "value",
    e: "code",
  },
  long: {
    help: "info",
    version: "info",
    copyright: "info",
    verbose: "flag",
    jit: "flag",
    yjit: "flag",
    enable: "value",
    disable: "value",
    encoding: "value",
    "external-encoding": "value",
    "internal-encoding": "value",
    dump: "value",
  },
  clusters: true,
  dashIsStdin: true,
  equalsSelfContained: true,
};

/**
 * php-cli (`php -h`; not installed here): no clusters; -c names its php.ini (which may name
 * code to prepend), -f the script, -z a Zend extension; -r, -B, -R, -F, -E give code.
 */
const PHP: Grammar = {
  short: {
    ...flags("aeHilmnsw"),
    ...flags("hv", "info"),
    c: "file",
    d: "value",
    f: "script",
    z: "file",
    S: "value",
    t: "value",
    r: "code",
    B: "code",
    R: "code",
    F: "code",
    E: "code",
  },
  long: { ini: "info", rf: "info", rc: "info", re: "info", ri: "info" },
  clusters: false,
  dashIsStdin: true,
};

/** lua 5.x (`lua -h`): no clusters; -e is code, -l a module; -i, -v, -E, -W stand alone. */
const LUA: Grammar = {
  short: { ...flags("iEW"), v: "info", e: "code", l: "file" },
  long: {},
  clusters: false,
  dashIsStdin: true,
};

/**
 * julia (its manual; not installed here): only the options whose value is certainly required
 * (`-t 4`, `-p 2`, `-L file`) or certainly absent are listed; `--project` and the other
 * options with an optional value leave the script unproven unless written with `=`.
 */
const JULIA: Grammar = {
  short: {
    ...flags("iq"),
    ...flags("vh", "info"),
    e: "code",
    E: "code",
    L: "file",
    J: "file",
    t: "value",
    p: "value",
    H: "value",
    C: "value",
  },
  long: {
    eval: "code",
    print: "code",
    load: "file",
    sysimage: "file",
    threads: "value",
    procs: "value",
    home: "value",
    "cpu-target": "value",
    "machine-file": "value",
    interactive: "flag",
    quiet: "flag",
    version: "info",
    help: "info",
  },
  clusters: false,
  dashIsStdin: true,
  equalsSelfContained: true,
};

/** expect (its manual; not installed here): -c is code, -f the script, -D a value. */
const EXPECT: Grammar = {
  short: { ...flags("bdinN"), v: "info", c: "code", f: "script", D: "value" },
  long: {},
  clusters: true,
  dashIsStdin: true,
};

/** The grammar of an interpreter name (`/usr/bin/python3.12`, `perl5.36.0`), if one is known. */
function grammarOf(name: string): Grammar | "tcl" | "cmake" | "ctest" | "cpack" | null {
  const tool = toolName(name);
  if (tool === null) return null;
  // Asked for every unit, with a regex per interpreter: the answer per name is kept, in a map
  // bounded against a string of ten thousand distinct names.
  const known = GRAMMARS.get(tool);
  if (known !== undefined) return known;
  const grammar = spelledGrammar(tool);
  if (GRAMMARS.size >= 4096) GRAMMARS.clear();
  GRAMMARS.set(tool, grammar);
  return grammar;
}

const GRAMMARS = new Map<string, Grammar | "tcl" | "cmake" | "ctest" | "cpack" | null>();

function spelledGrammar(tool: string): Grammar | "tcl" | "cmake" | "ctest" | "cpack" | null {
  const stem = programStem(tool);
  for (const candidate of [tool, stem]) {
    if (/^(bash|sh|dash|rbash|ash)$/.test(candidate)) return SHELL;
    if (/^(python|pypy)[0-9.]*$/.test(candidate)) return PYTHON;
    if (/^perl[0-9.]*$/.test(candidate)) return PERL;
    if (/^(node|nodejs)$/.test(candidate)) return NODE;
    if (/^(tsx|ts-node|ts-node-esm|esno|esrun|babel-node|vite-node)$/.test(candidate)) {
      return TS_RUNNER;
    }
    if (/^(tclsh|wish)[0-9.]*$/.test(candidate)) return "tcl";
    if (candidate === "zsh") return ZSH;
    if (/^(ksh|ksh93|mksh|pdksh|lksh)$/.test(candidate)) return KSH;
    if (/^ruby[0-9.]*$/.test(candidate)) return RUBY;
    if (/^php[0-9.]*$/.test(candidate)) return PHP;
    if (/^(lua[0-9.]*|luajit)$/.test(candidate)) return LUA;
    if (/^julia[0-9.]*$/.test(candidate)) return JULIA;
    if (candidate === "expect") return EXPECT;
    if (candidate === "cmake") return "cmake";
    if (candidate === "ctest") return "ctest";
    if (candidate === "cpack") return "cpack";
  }
  return null;
}

/** Where the interpreter `words[0]` takes its code from, or `null` when no grammar is known. */
export function scriptSource(words: readonly Word[]): ScriptSource | null {
  const grammar = grammarOf(words[0]?.text ?? "");
  if (grammar === null) return null;
  if (grammar === "tcl") return tclSource(words);
  if (grammar === "cmake") return valueSource(words, CMAKE);
  if (grammar === "ctest") return valueSource(words, CTEST);
  if (grammar === "cpack") return valueSource(words, CPACK);
  return parse(words, grammar);
}

const SOURCE = {
  files: [] as Word[],
  stdin: false,
  dash: false,
  inline: false,
  code: null,
  info: false,
  unproven: false,
  interactive: false,
};

function parse(words: readonly Word[], grammar: Grammar): ScriptSource {
  const files: Word[] = [];
  let stdin = false;
  let tests = false;
  let info = false;
  let interactive = false;
  /** Every operand from here on may be the script, and stdin may be too. */
  const unproven = (from: number): ScriptSource => ({
    ...SOURCE,
    files: [...files, ...words.slice(from).filter((word) => !word.text.startsWith("-"))],
    stdin: true,
    dash: words.slice(from).some((word) => word.text === "-"),
    unproven: true,
  });
  const inline = (code: Word | undefined): ScriptSource => ({
    ...SOURCE,
    files,
    inline: true,
    code: code ?? null,
    interactive,
  });
  let i = 1;
  let subcommand = false;
  let short = false;
  let globbed = false;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      // A glob below a folder of the working directory (`node --test src/*.ts`) expands to
      // project files, never to an option: the operands start there (S34
      // interpreter-glob-operand, r33d). Expanding to nothing (nullglob) it leaves stdin as
      // the script, and it may shift no option there: every later word must be an operand.
      if (!projectGlob(word) || !words.slice(i + 1).every(operandOnly)) return unproven(i);
      globbed = true;
      break;
    }
    const text = word.text;
    if (text === "--") {
      i++;
      break;
    }
    if (text === "-") {
      if (grammar.dashIsStdin) {
        return { ...SOURCE, files, stdin: true, dash: true, info, interactive };
      }
      i++;
      break;
    }
    const plus = grammar.plus === true && text.startsWith("+") && text.length > 1;
    if (!text.startsWith("-") && !plus) {
      if (!subcommand && grammar.subcommands?.has(text)) {
        subcommand = true;
        continue;
      }
      break;
    }
    // A long option: `--name`, `--name=value`, or bash's `-name`.
    const double = text.startsWith("--");
    const bare = text.slice(double ? 2 : 1);
    const longAllowed = grammar.longFirst !== true || !short;
    if (double && !longAllowed) return unproven(i + 1);
    if (
      double ||
      (grammar.singleDashLong === true &&
        longAllowed &&
        !plus &&
        kindOf(grammar.long, bare) !== undefined)
    ) {
      const eq = bare.indexOf("=");
      const name = eq === -1 ? bare : bare.slice(0, eq);
      const kind = kindOf(grammar.long, name) ?? (grammar.longFlags === true ? "flag" : undefined);
      if (kind === undefined) {
        if (eq !== -1 && grammar.equalsSelfContained === true) continue;
        return unproven(i + 1);
      }
      if (eq !== -1 && kind !== "value" && kind !== "file" && kind !== "code") {
        // node takes `--inspect=9229` (an optional value); elsewhere a flag given one fails.
        if (grammar.equalsSelfContained === true) continue;
        return unproven(i + 1);
      }
      if (kind === "info") info = true;
      else if (kind === "tests") tests = true;
      else if (kind === "code") {
        return inline(eq === -1 ? words[i + 1] : { ...word, text: bare.slice(eq + 1) });
      } else if (kind === "value" || kind === "file") {
        const value = eq === -1 ? words[i + 1] : { ...word, text: bare.slice(eq + 1) };
        // A value that may split into several words shifts every word after it.
        if (eq === -1 && value?.splittable === true) return unproven(i + 1);
        if (eq === -1) i++;
        if (value !== undefined && kind === "file") files.push(value);
      } else if (kind === "stdin") stdin = true;
      else if (eq !== -1) return unproven(i + 1);
      continue;
    }
    // Short options, clustered where the program allows it.
    short = true;
    const letters = text.slice(1);
    if (!grammar.clusters && letters.length > 1) {
      const kind = kindOf(grammar.short, letters[0] as string);
      if (kind !== "value" && kind !== "file" && kind !== "script" && kind !== "code") {
        return unproven(i + 1);
      }
    }
    let taken = 0;
    let script = false;
    for (let k = 0; k < letters.length; k++) {
      const letter = letters[k] as string;
      const kind = kindOf(grammar.short, letter);
      const rest = letters.slice(k + 1);
      if (kind === undefined) return unproven(i + 1 + taken);
      if (kind === "flag") continue;
      if (kind === "interactive") {
        interactive = true;
        continue;
      }
      if (kind === "info") {
        info = true;
        continue;
      }
      if (kind === "stdin") {
        stdin = true;
        continue;
      }
      if (kind === "rest") break;
      if (kind === "digits") {
        k += /^(x[0-9a-fA-F]*|[0-7]*)/.exec(rest)?.[0].length ?? 0;
        continue;
      }
      if (kind === "code") {
        // bash's -c is a flag in a cluster: the code is the first operand after the options
        // (and after the values of the -o and -O that follow it in the cluster).
        if (grammar.plus === true) {
          const values = [...rest].filter((letter) => letter === "o" || letter === "O").length;
          return inline(shellOperands(words, i + 1 + taken + values));
        }
        return inline(rest !== "" ? { ...word, text: rest } : words[i + 1]);
      }
      // `value`/`file`: the rest of the word, else the next word; a shell's -o and -O never
      // take the rest, and each one in a cluster takes the next word in turn.
      if (grammar.plus === true || rest === "") {
        taken++;
        const value = words[i + taken];
        if (value?.splittable === true) return unproven(i + taken);
        if (value !== undefined && (kind === "file" || kind === "script")) files.push(value);
        if (grammar.plus === true) continue;
        script = kind === "script";
        break;
      }
      if (kind === "file" || kind === "script") files.push({ ...word, text: rest });
      script = kind === "script";
      break;
    }
    if (script) return { ...SOURCE, files };
    i += taken;
  }
  if (info) return { ...SOURCE, files, info: true };
  const operands = words.slice(i);
  const globs = globbed ? operands.filter((word) => !word.literal) : undefined;
  if (tests) return { ...SOURCE, files: [...files, ...operands], globs };
  if (stdin) return { ...SOURCE, files, stdin: true, interactive };
  if (globbed) {
    return { ...SOURCE, files: [...files, ...operands], stdin: true, interactive, globs };
  }
  const script = operands[0];
  if (script === undefined) return { ...SOURCE, files, stdin: true, interactive };
  // `--` ends the options, not the meaning of `-`: `python3 -- -`, `perl -- -` and
  // `node -- -` still read the program from stdin.
  if (grammar.dashIsStdin && script.literal && script.text === "-") {
    return { ...SOURCE, files, stdin: true, dash: true, interactive };
  }
  return { ...SOURCE, files: [...files, script], interactive };
}

/**
 * A glob whose every match lies below a folder of the working directory: its first segment
 * (after `./`) is a plain name (no pattern, no dash, not `~`, `.` or `..`) and no segment
 * climbs (`..`, nor a pattern that may match it: `.*`, an extglob), so no match is an option
 * or a file outside the project.
 */
function projectGlob(word: Word): boolean {
  const pattern = word.glob && !word.brace ? word.pattern : null;
  if (pattern === null) return false;
  const segments = pattern.replace(/^(\.\/+)+/, "").split("/");
  const first = segments[0] as string;
  return (
    segments.length > 1 &&
    /^[A-Za-z0-9_][^*?[\\\]]*$/.test(first) &&
    !segments.some(
      (segment) => segment === ".." || segment.includes("(") || /^\.[^/]*[*?[]/.test(segment),
    )
  );
}

/** A later word that stays an operand however the glob before it expands. */
function operandOnly(word: Word): boolean {
  return word.literal ? !word.text.startsWith("-") && word.text !== "" : projectGlob(word);
}

/** A shell's first operand after its options (the code of `-c`), skipping `-o` values. */
function shellOperands(words: readonly Word[], from: number): Word | undefined {
  for (let i = from; i < words.length; i++) {
    const text = (words[i] as Word).text;
    if (text === "--" || text === "-") return words[i + 1];
    if (!/^[-+]/.test(text) || text.length === 1) return words[i];
    if (/^[-+][a-zA-Z]*[oO]/.test(text) && !text.startsWith("--")) {
      i += [...text.slice(1)].filter((letter) => letter === "o" || letter === "O").length;
    } else if (/^--?(rcfile|init-file)$/.test(text)) i++;
  }
  return undefined;
}

/**
 * tclsh and wish (Tcl_Main, Tk_Main): the script is the first word when it does not start
 * with `-`, or the word after `-encoding NAME` when that one does not; otherwise the code
 * comes from stdin.
 */
function tclSource(words: readonly Word[]): ScriptSource {
  const first = words[1];
  if (first === undefined) return { ...SOURCE, stdin: true };
  if (!first.literal) {
    return { ...SOURCE, files: words.slice(1), stdin: true, dash: true, unproven: true };
  }
  if (first.text === "-encoding") {
    const script = words[3];
    // Tcl_Main takes the fourth word only when it does not start with `-`.
    if (script === undefined || (script.literal && script.text.startsWith("-"))) {
      return { ...SOURCE, stdin: true };
    }
    if (!(words[2] as Word).literal) {
      return { ...SOURCE, files: words.slice(2), stdin: true, dash: true, unproven: true };
    }
    return { ...SOURCE, files: [script] };
  }
  if (first.text.startsWith("-")) return { ...SOURCE, stdin: true };
  return { ...SOURCE, files: [first] };
}

/**
 * cmake variables naming a file of cmake code it includes (`-DCMAKE_TOOLCHAIN_FILE=x`), and
 * cpack's, which it runs as cmake code (`-D CPACK_PROJECT_CONFIG_FILE=/dev/stdin`: R43
 * cpack-define-script, traced running execute_process).
 */
const CMAKE_CODE_VARIABLE =
  /^(CMAKE_TOOLCHAIN_FILE|CMAKE_PROJECT_[A-Za-z0-9_]*INCLUDE(_BEFORE)?|CMAKE_PROJECT_TOP_LEVEL_INCLUDES|CMAKE_USER_MAKE_RULES_OVERRIDE[A-Z_]*|CPACK_PROJECT_CONFIG_FILE|CPACK_INSTALL_SCRIPTS?|CPACK_PRE_BUILD_SCRIPTS|CPACK_POST_BUILD_SCRIPTS|CPACK_EXTERNAL_PACKAGE_SCRIPT)(:[A-Z]+)?=(.*)$/;

interface ValueGrammar {
  /** Options whose value (the next word) is a script it runs. */
  readonly scripts: ReadonlySet<string>;
  /** Options whose value may also be attached (`cmake -Px`, `-Cx`). */
  readonly attached: RegExp | null;
  /** The other options that take the next word as their value (`cmake -S dir`, `-G name`). */
  readonly values: ReadonlySet<string>;
  /** The words after which it reads no more options (cmake's `--` and `-E`; ctest has none). */
  readonly ends: ReadonlySet<string>;
}

/** cmake 3 (`cmake --help`): -P and -C run cmake code, --toolchain too. */
const CMAKE: ValueGrammar = {
  scripts: new Set(["-P", "-C", "--toolchain"]),
  attached: /^-[PC](.+)$/,
  values: new Set(["-S", "-B", "-U", "-G", "-T", "-A", "--install-prefix", "--preset"]),
  ends: new Set(["--", "-E"]),
};

/** ctest 3 (`ctest --help`): -S, -SP, -SR run a script (`-S x,args`), never attached. */
const CTEST: ValueGrammar = {
  scripts: new Set(["-S", "-SP", "-SR", "--script", "--script-new-process"]),
  attached: null,
  values: new Set([
    "-C",
    "--build-config",
    "-R",
    "--tests-regex",
    "-E",
    "--exclude-regex",
    "-L",
    "--label-regex",
    "-LE",
    "--label-exclude",
    "-O",
    "--output-log",
    "--output-junit",
    "--test-dir",
    "--timeout",
    "--stop-time",
    "--repeat",
    "--preset",
    "-M",
    "--test-model",
    "-T",
    "--test-action",
  ]),
  // ctest's own parser gives `--` no meaning (`ctest -- -S x` runs x), and its -E is a value.
  ends: new Set(),
};

/**
 * cpack 3 (`cpack --help`): --config names the CPackConfig.cmake it runs as cmake code
 * (execute_process runs programs: S30 stdin-code-tools, R40 traced from a here-document).
 * Its -C is a build configuration, and -D sets a variable (none names code cmake's own
 * table does not know).
 */
const CPACK: ValueGrammar = {
  scripts: new Set(["--config"]),
  attached: null,
  values: new Set(["-G", "-C", "-P", "-R", "-B", "--vendor", "--preset", "--trace-redirect"]),
  ends: new Set(),
};

/**
 * cmake and ctest run the scripts their options name (`cmake -P x`, `cmake -C cache`,
 * `ctest -S x`) and the files of code a `-D` variable names; every other word is a value or
 * a directory, judged elsewhere. A computed word where an option may stand may be any of
 * these options: the script is then unproven.
 */
function valueSource(words: readonly Word[], grammar: ValueGrammar): ScriptSource {
  const files: Word[] = [];
  const unproven = (from: number): ScriptSource => ({
    ...SOURCE,
    files: [...files, ...words.slice(from)],
    unproven: true,
  });
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return unproven(i);
    const text = word.text;
    if (grammar.ends.has(text)) break;
    if (text === "-D" || text.startsWith("-D")) {
      const define = text === "-D" ? words[++i] : { ...word, text: text.slice(2) };
      if (define === undefined) break;
      if (!define.literal) return unproven(i);
      const code = CMAKE_CODE_VARIABLE.exec(define.text);
      for (const file of (code?.[4] ?? "").split(";")) {
        if (file !== "") files.push({ ...define, text: file });
      }
      continue;
    }
    const equals = /^(--[a-z-]+)=(.*)$/.exec(text);
    if (equals !== null) {
      if (grammar.scripts.has(equals[1] as string)) {
        files.push({ ...word, text: equals[2] as string });
      }
      continue;
    }
    if (grammar.scripts.has(text)) {
      const value = words[++i];
      if (value === undefined) break;
      // `ctest -S script,args`: the script is the part before the comma.
      const comma = value.literal ? value.text.indexOf(",") : -1;
      files.push(comma > 0 ? { ...value, text: value.text.slice(0, comma) } : value);
      continue;
    }
    if (grammar.values.has(text)) {
      if (words[i + 1]?.splittable === true) return unproven(i + 1);
      i++;
      continue;
    }
    const match = grammar.attached?.exec(text);
    if (match) files.push({ ...word, text: match[1] as string });
  }
  return { ...SOURCE, files };
}
