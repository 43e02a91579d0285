import { type Word, wordFromText } from "../read/words.ts";
import { npmCommand } from "./npm.ts";
import type { OpaqueHit } from "./opaque.ts";
import type { PathUse } from "./paths.ts";
import { programStem, toolName } from "./wrappers.ts";

/**
 * Programs that start a session reading commands from the terminal, which is their stdin when
 * the string feeds one (a pipe, a heredoc, a here-string): an editor (its `:!cmd`, `!cmd`,
 * `w FILE`), a debugger (`!!cmd`, `shell cmd`, code it evaluates) or a shell (every line).
 * Without a terminal these read the fed text instead of a person's keys, so the text decides
 * what runs. One table; each entry proves its own examples (stdin fed).
 */
export interface StdinSession {
  readonly names: readonly string[];
  /**
   * Whether these words (name first) start the session. `"always"`: it starts an editor the
   * command line does not name (`$EDITOR`, `$VISUAL`, vi), a program of the environment, so
   * the call is floored even with nothing fed.
   */
  readonly starts: (words: readonly Word[]) => boolean | "always";
  /** `"shell"`: the session is a shell, whose script is the whole fed text. */
  readonly reads: "commands" | "shell";
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
  readonly note: string;
}

/** A literal word, or one only known at run time (which may be any option). */
function any(words: readonly Word[], pattern: RegExp): boolean {
  return words.slice(1).some((word) => !word.literal || pattern.test(word.text));
}

/** Asks for help or the version only: `PROG --help`, `PROG -V`. */
function infoOnly(words: readonly Word[]): boolean {
  return (
    words.length === 2 &&
    (words[1] as Word).literal &&
    /^(--help|--version|-help|-version|-h|-V|-v)$/.test((words[1] as Word).text)
  );
}

/** The literal words that are not options, in order. */
function operands(words: readonly Word[]): string[] {
  return words
    .slice(1)
    .filter((word) => word.literal && !word.text.startsWith("-"))
    .map((word) => word.text);
}

/**
 * perl's switches before the script: a cluster holding `d` before a letter that takes the rest
 * as its value (`-dw`, `-wd`, `-d:Trace`, `-dt`; not `-Id`, `-Mdiagnostics`, `-e`'s code).
 */
function perlDebugger(words: readonly Word[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return true;
    if (word.text === "--" || !word.text.startsWith("-") || word.text === "-") return false;
    for (const c of word.text.slice(1)) {
      if (c === "d") return true;
      if ("eEIMmxilC0F".includes(c)) break;
    }
    // Switches whose value may stand in the next word.
    if (/^-[eEIMm]$/.test(word.text)) i++;
  }
  return false;
}

/**
 * ruby loading the debugger: `-rdebug`, `-r debug`, `-rdebug/start`, `-r byebug`
 * (`--require`).
 */
function rubyDebugger(words: readonly Word[]): boolean {
  return words.some((word, i) => {
    if (!word.literal) return i > 0;
    const value = /^(?:-r|--require=?)(.*)$/.exec(word.text)?.[1];
    if (value === undefined) return false;
    const module = value === "" ? (words[i + 1]?.text ?? "") : value;
    return /^(debug|byebug|pry)(\/|$)/.test(module) || !(words[i + 1]?.literal ?? true);
  });
}

/** The options of pg_virtualenv that take a value. */
const PG_VIRTUALENV_VALUES = /^-[acioptv]$/;

export const STDIN_SESSIONS: readonly StdinSession[] = [
  {
    names: ["sdiff"],
    // sdiff(1): -o/--output merges interactively; `e`, `eb`, `el`, `er` start $EDITOR (ed by
    // default) on the same stdin.
    starts: (words) => any(words, /^-[a-zA-Z]*o|^--o(u(t(p(ut?)?)?)?)?(=|$)/),
    reads: "commands",
    note: "sdiff -o merges interactively: its `e` commands start $EDITOR (ed), which reads `!cmd` and `w FILE` from the same stdin",
    match: ["sdiff -o out a b", "sdiff --output=out a b", "sdiff -so out a b", "sdiff --out o a b"],
    notMatch: ["sdiff a b", "sdiff -s a b", "sdiff --help"],
  },
  {
    names: ["bashbug"],
    starts: (words) => (infoOnly(words) ? false : "always"),
    reads: "commands",
    note: "bashbug writes the report in $EDITOR (else editor, vi), which reads `:!cmd` from stdin",
    match: ["bashbug", "bashbug bug@x.example"],
    notMatch: ["bashbug --help", "bashbug --version"],
  },
  {
    names: ["npm"],
    // npm config edit (also `npm c edit`, options anywhere) and npm edit open npm's editor.
    starts: (words) => {
      const commands = operands(words).map((text) => npmCommand(text) ?? text);
      const at = commands.indexOf("config");
      return (at !== -1 && commands.slice(at + 1).includes("edit")) || commands[0] === "edit"
        ? "always"
        : false;
    },
    reads: "commands",
    note: "npm config edit and npm edit open the editor (npm's editor setting, $EDITOR, vi), which reads `:!cmd` from stdin",
    match: [
      "npm config edit",
      "npm c edit --location=project",
      "npm config --location=project edit",
      "npm edit x",
    ],
    notMatch: ["npm config get x", "npm config list", "npm run edit"],
  },
  {
    names: ["visudo", "vipw", "vigr", "sudoedit", "edquota"],
    starts: (words) =>
      infoOnly(words) || any(words, /^-[a-zA-Z]*c$|^--check$|^-[a-zA-Z]*p/) ? false : "always",
    reads: "commands",
    note: "visudo, vipw, vigr, sudoedit and edquota open $VISUAL/$EDITOR (vi), which reads `:!cmd` from stdin",
    match: ["visudo", "vipw -s", "sudoedit /etc/hosts", "edquota u"],
    notMatch: ["visudo -c", "edquota -p proto u", "visudo --help"],
  },
  {
    names: ["dch", "debchange"],
    starts: (words) => (infoOnly(words) ? false : "always"),
    reads: "commands",
    note: "dch opens the changelog in $VISUAL/$EDITOR (sensible-editor), which reads `:!cmd` from stdin",
    match: ["dch -i", "debchange -a"],
    notMatch: ["dch --help"],
  },
  {
    names: ["quilt"],
    starts: (words) => {
      const [sub] = operands(words);
      return sub === "edit" || (sub === "header" && any(words, /^-e$/)) ? "always" : false;
    },
    reads: "commands",
    note: "quilt edit and quilt header -e open $EDITOR, which reads `:!cmd` from stdin",
    match: ["quilt edit src/a.c", "quilt header -e"],
    notMatch: ["quilt push -a", "quilt header"],
  },
  {
    names: ["kubectl", "oc"],
    starts: (words) => (operands(words)[0] === "edit" ? "always" : false),
    reads: "commands",
    note: "kubectl edit opens $KUBE_EDITOR/$EDITOR (vi), which reads `:!cmd` from stdin",
    match: ["kubectl edit deploy x", "oc edit dc x"],
    notMatch: ["kubectl get pods"],
  },
  {
    names: [
      ...["vim", "vi", "nvim", "ex", "view", "vimdiff", "rvim", "rview", "nvi", "elvis"],
      ...["vim.tiny", "vim.basic", "ed", "red", "editor", "sensible-editor"],
    ],
    starts: (words) => !infoOnly(words),
    reads: "commands",
    note: "an editor fed stdin reads its keys (ex: its commands) from it: `:!cmd`, `!cmd`, `w FILE`",
    match: ["vim x", "ex x", "ed x", "editor x"],
    notMatch: ["vim --version"],
  },
  {
    names: ["crontab"],
    starts: (words) => any(words, /^-[a-zA-Z]*e$/),
    reads: "commands",
    note: "crontab -e opens $VISUAL/$EDITOR on the table, which reads `:!cmd` from stdin",
    match: ["crontab -e", "crontab -u root -e"],
    notMatch: ["crontab -l"],
  },
  {
    names: ["python", "python3", "pypy3"],
    // `python3 -m pdb x.py` is the debugger, whose `!stmt` is Python but whose calls run strings.
    starts: (words) =>
      words.some(
        (word, i) =>
          (word.text === "-m" && /^(pdb|ipdb|pudb)$/.test(words[i + 1]?.text ?? "")) ||
          /^-m(pdb|ipdb|pudb)$/.test(word.text),
      ),
    reads: "commands",
    note: "python -m pdb reads debugger commands and Python code from stdin",
    match: ["python3 -m pdb x.py", "python -mpdb x.py"],
    notMatch: ["python3 x.py", "python3 -m pytest"],
  },
  {
    names: ["perl"],
    starts: perlDebugger,
    reads: "commands",
    note: "perl -d runs the Perl debugger, which reads its commands from stdin without a terminal: `!!cmd` runs cmd, any line is Perl code",
    match: ["perl -d x.pl", "perl -dw /dev/null", "perl -wd x.pl", "perl -d:Trace x.pl"],
    notMatch: ["perl x.pl", "perl -Id x.pl", "perl -w x.pl -d"],
  },
  {
    names: ["ruby"],
    starts: rubyDebugger,
    reads: "commands",
    note: "ruby -rdebug (byebug, pry) stops in the debugger, which reads Ruby code and commands from stdin",
    match: ["ruby -rdebug x.rb", "ruby -r debug x.rb", "ruby -rdebug/start x.rb"],
    notMatch: ["ruby x.rb", "ruby -rjson x.rb"],
  },
  {
    names: ["rdbg", "byebug", "jdb", "cgdb", "ghci", "pry", "gdb", "lldb", "pdb"],
    starts: (words) => !infoOnly(words),
    reads: "commands",
    note: "a debugger or REPL reads its commands (a shell command among them: `shell cmd`, `!cmd`, `:! cmd`, code calling exec) from stdin",
    match: ["rdbg x.rb", "byebug x.rb", "jdb Main", "ghci", "gdb ./a.out", "lldb ./a.out"],
    notMatch: ["jdb -version", "rdbg --version"],
  },
  {
    names: ["node", "nodejs"],
    // node inspect (node debug before v15) runs the built-in debugger client on the script.
    starts: (words) =>
      /^(inspect|debug)$/.test(words[1]?.text ?? "") || !(words[1]?.literal ?? true),
    reads: "commands",
    note: "node inspect runs the debugger client, which reads commands (`exec CODE`, `repl`) from stdin",
    match: ["node inspect x.js", "node debug x.js"],
    notMatch: ["node x.js", "node --inspect x.js"],
  },
  {
    names: ["pg_virtualenv"],
    // pg_virtualenv(1): without a command it runs ${SHELL:-/bin/sh}; -s runs it after a
    // command that failed.
    starts: (words) => {
      for (let i = 1; i < words.length; i++) {
        const word = words[i] as Word;
        if (!word.literal) return true;
        if (word.text === "-s") return true;
        if (word.text === "--") return i === words.length - 1;
        if (!word.text.startsWith("-")) return false;
        if (/^-[a-zA-Z]*s/.test(word.text) && !PG_VIRTUALENV_VALUES.test(word.text)) return true;
        if (PG_VIRTUALENV_VALUES.test(word.text)) i++;
      }
      return true;
    },
    reads: "shell",
    note: "pg_virtualenv with no command (or -s, after one that fails) runs a shell, which reads its script from stdin",
    match: ["pg_virtualenv", "pg_virtualenv -v 15", "pg_virtualenv -s false"],
    notMatch: ["pg_virtualenv make check", "pg_virtualenv -v 15 make"],
  },
];

const BY_NAME: ReadonlyMap<string, StdinSession> = new Map(
  STDIN_SESSIONS.flatMap((session) => session.names.map((name) => [name, session] as const)),
);

/** The session entry for a command name, under its versioned spellings too (`perl5.36.0`). */
export function stdinSessionFor(name: string): StdinSession | undefined {
  const tool = toolName(name) ?? name.slice(name.lastIndexOf("/") + 1);
  return BY_NAME.get(tool) ?? BY_NAME.get(programStem(tool));
}

/**
 * A session these words start that reads the fed stdin (or, for `"always"`, an editor the
 * environment names): an opaque hit whose script is what the fed text is shown to run (its
 * shell escapes, or the whole text for a shell) and whose files are what it is shown to write
 * or read. Text nobody can read leaves the opaque floor alone.
 */
export function stdinSession(
  words: readonly Word[],
  stdinFed: boolean,
  stdinScript: string | null,
): OpaqueHit | null {
  const session = stdinSessionFor((words[0] as Word).text);
  if (session === undefined) return null;
  const starts = session.starts(words);
  if (starts === false || (starts === true && !stdinFed)) return null;
  if (!stdinFed || stdinScript === null) return { script: null };
  if (session.reads === "shell") return { script: stdinScript };
  const { lines, files } = sessionEscapes(stdinScript);
  return { script: lines.length > 0 ? lines.join("\n") : null, files };
}

/** What fed text shows an editor, a debugger or a shell session running and opening. */
export interface SessionEscapes {
  /** Shell command lines the text runs. */
  lines: string[];
  files: PathUse[];
}

const RANGE = /^:*\s*(?:[%.$]|\d+|'[a-z<>]|[,;+-]|\s)*/;
const CALLS =
  /\b(?:system|exec|execSync|execFileSync|spawn|spawnSync|popen|Popen|check_output|check_call)\s*\(\s*(["'])((?:(?!\1)[^\\]|\\.)*)\1/g;

/**
 * Reads the escapes of the fed text, line by line, in every dialect at once (the editor is the
 * environment's): vi/ex and ed's `:!cmd`, `!cmd`, `:r !cmd`, `:w !cmd`, `w FILE`, `r FILE`;
 * the Perl debugger's `!!cmd`; gdb's `shell cmd`, lldb's `platform shell cmd`; ghci's `:! cmd`;
 * a call that runs a string (`system("…")`, `execSync("…")`); vi's `:sh`, after which the rest
 * of the text is a shell's script.
 */
export function sessionEscapes(text: string): SessionEscapes {
  const lines: string[] = [];
  const files: PathUse[] = [];
  const all = text.split("\n");
  for (let n = 0; n < all.length; n++) {
    // Keys before an ex command (Escape, `i`'s text ended by it) leave the command at the end.
    const raw = all[n] as string;
    const line = raw.slice(raw.lastIndexOf("\u001b") + 1).trim();
    for (const call of line.matchAll(CALLS))
      lines.push((call[2] as string).replace(/\\(.)/g, "$1"));
    const command = line.replace(RANGE, "");
    const bang = /^!!?\s*(.*)$/.exec(command);
    if (bang !== null) {
      lines.push(bang[1] as string);
      continue;
    }
    const piped = /^(?:r|read|w|write|W|e|edit)\s*!(.*)$/.exec(command);
    if (piped !== null) {
      lines.push(piped[1] as string);
      continue;
    }
    const shell = /^(?:(?:platform\s+)?shell|she)\s+(.*)$/.exec(command);
    if (shell !== null) {
      lines.push(shell[1] as string);
      continue;
    }
    if (/^(?:sh|shell|terminal|term)$/.test(command)) {
      lines.push(...all.slice(n + 1));
      break;
    }
    const written = /^(?:w|write|W|wq|x|xit|sav|saveas|up|update)!?\s+(\S+)/.exec(command);
    if (written !== null) {
      files.push({ word: wordFromText(written[1] as string), access: "write" });
      continue;
    }
    const read =
      /^(?:r|read|e|edit|vi|visual|view|sp|split|new|tabe|tabedit|so|source)!?\s+(\S+)/.exec(
        command,
      );
    if (read !== null) files.push({ word: wordFromText(read[1] as string), access: "read" });
  }
  return { lines, files };
}
