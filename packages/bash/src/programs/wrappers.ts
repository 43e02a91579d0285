import { type Word, wordFromText } from "../read/words.ts";
import type { PathAccess, WrapperKind } from "../types.ts";
import {
  type OptionGrammar,
  type ParsedOption,
  parseOptions,
  shortArity,
  valueText,
} from "./getopt.ts";
import { ownExpandedOptionUses } from "./own-expansions.ts";
import { mayBeOption, mayBeSeveral, unknownValue } from "./unknown-words.ts";

/**
 * Wrapper grammars: commands that run another command. Each entry is parsed the way the real
 * tool parses its own arguments, and carries examples that prove it (`match`: the command it
 * finally runs; `notMatch`: a form whose inner command must stay unproven). One test walks
 * every example through the public analyzer.
 *
 * Transparent wrappers change how a command runs, not what runs (corpus README rule 3).
 * Indirection wrappers run it with other privileges or other operands; the analyzer always
 * attaches `<indirection-bash-wrapper>` to them, even when the inner command is proven.
 */
/** Long options after which a GNU wrapper prints and exits, running nothing. */
const PRINTS_AND_EXITS: ReadonlySet<string> = new Set(["help", "version"]);

export interface WrapperGrammar {
  /** Command names this grammar applies to. */
  readonly names: readonly string[];
  readonly kind: Exclude<WrapperKind, "opaque">;
  readonly options: OptionGrammar;
  /**
   * Options after which what runs is not the operand as written (`sudo -s`, `env -S`), or
   * nothing runs at all (`--help`): the inner command is not proven.
   */
  readonly unsafe?: readonly string[];
  /**
   * Options that are unsafe only with some values (strace's `-o '|cmd'` pipes its output to a
   * command, `-e inject=…` rewrites system call arguments): the value's text is tested.
   */
  readonly unsafeValues?: Readonly<Record<string, RegExp>>;
  /** Options that make the wrapper look a command up instead of running it (`command -v`). */
  readonly query?: readonly string[];
  /** Options whose value is a file the wrapper itself reads or writes. */
  readonly fileOptions?: Readonly<Record<string, PathAccess>>;
  /**
   * Options whose value is a folder the wrapper enters before it runs the command (`env -C
   * DIR`, `sudo -D DIR`): the command is peeled, its relative paths are judged there too, and
   * the layer stays unproven (a sentinel floors it), as the rest of what it runs there is.
   */
  readonly chdir?: readonly string[];
  /**
   * A tool that reads its options with a loop of its own instead of getopt: `alone`, each
   * short option stands alone in its word (`-nfoo` is no option); `attached`, a short
   * option's value may be attached but options never cluster. Another spelling is unproven.
   */
  readonly shortWords?: "alone" | "attached";
  /**
   * Options that set the argv[0] the command is started with (`exec -a NAME`; `exec -l` puts
   * a `-` in front of it). A program may choose what to do by that name (git runs `push` as
   * `git-push`, setarch an architecture's name, a multi-call binary its applet, `-bash` a
   * login shell), so the command is also judged as started by that name.
   */
  readonly argv0?: { readonly name: readonly string[]; readonly login: readonly string[] };
  /** Options after which each file option's file is written once per process (FILE.PID). */
  readonly perProcessFiles?: readonly string[];
  /** What follows the options. */
  readonly operands: OperandShape;
  /** Commands whose inner command is proven: `[command, the words finally executed]`. */
  readonly match: readonly (readonly [string, string])[];
  /** Commands whose inner command must not be proven. */
  readonly notMatch: readonly string[];
  /** Why the grammar looks the way it does. */
  readonly note: string;
  /**
   * For an indirection wrapper that runs exactly the words after it (`npx vitest run`): the
   * inner command is proven, so no sentinel floors the unit; both commands are still judged.
   */
  readonly exact?: true;
  /**
   * The command word may be a package spec (`npm@9`, `@scope/cli@1`): what runs is the
   * package's binary, named without the version (and scope), so `npx npm@9 publish` is
   * `npm publish`.
   */
  readonly packageSpec?: true;
  /**
   * The tool reads options after its command word too, unless `--` came before it (`npm exec
   * node a.js --foo` hands `--foo` to npm): a later word starting with `-` leaves the inner
   * command unproven.
   */
  readonly optionsAfterCommand?: true;
  /**
   * The tool hands its words to a shell of its own (`yarn exec`): proven only when every
   * word is one a shell reads as itself (no blank, quote, glob, `$`, `~`, operator, and no
   * `=` in the command word).
   */
  readonly shellWords?: true;
}

type OperandShape =
  /** `positionals` literal operands, optional `NAME=value` words, then the command. */
  | {
      readonly type: "command";
      readonly required: boolean;
      readonly positionals?: number;
      /**
       * One literal operand before the options, taken only when the first word does not start
       * with `-` (util-linux setarch: `setarch ARCH -R cmd`, but `setarch -R cmd` keeps the
       * current architecture and runs `cmd`).
       */
      readonly leadingPositional?: true;
      /** How the wrapper itself touches its positionals (logsave writes its log file). */
      readonly positionalAccess?: PathAccess;
      /**
       * `NAME=VALUE` words before the command set its environment: `true` for a name before
       * the `=`; `"any"` for any word holding an `=`, as GNU env reads them (`env =x git push`
       * runs git: R35 env-leading-equals-name, traced).
       */
      readonly assignments?: boolean | "any";
      /** Only these options make it run the command (dpkg-architecture -c); else nothing runs. */
      readonly after?: readonly string[];
      /**
       * The command runs through perl's exec: a single word holding a blank or shell syntax
       * is split or handed to `sh -c`, so it is a script.
       */
      readonly perlExec?: boolean;
      /**
       * The command it starts when none follows (util-linux setarch runs `/bin/sh` as a login
       * shell), which reads the script on the caller's stdin.
       */
      readonly shell?: readonly string[];
    }
  /** GNU nice: a leading `-N` / `--N` / `-+N` adjustment before the getopt options. */
  | { readonly type: "nice" }
  /** xargs: the command (default `echo`) gets operands read from stdin appended. */
  | { readonly type: "xargs" }
  /** watch: without `-x` the operands are joined and run through `sh -c`. */
  | { readonly type: "watch" }
  /** flock: a lock file or fd, then a command or `-c` with one shell string. */
  | { readonly type: "flock" }
  /** find: starting points and an expression whose `-exec`… primaries run commands. */
  | { readonly type: "find" }
  /** fd: options, pattern, paths, and `-x`/`-X` with the rest of the words as the command. */
  | { readonly type: "fd" };

const GNU = { abbreviations: true } as const;
const HELP = { help: "none", version: "none" } as const;

/** util-linux setarch's options, shared by the names it is installed under. */
const SETARCH_OPTIONS: OptionGrammar = {
  short: "+vRFZLXBIST3hV",
  long: {
    verbose: "none",
    "addr-no-randomize": "none",
    "fdpic-funcptrs": "none",
    "mmap-page-zero": "none",
    "addr-compat-layout": "none",
    "read-implies-exec": "none",
    "32bit": "none",
    "short-inode": "none",
    "whole-seconds": "none",
    "sticky-timeouts": "none",
    "3gb": "none",
    "4gb": "none",
    "uname-2.6": "none",
    list: "none",
    ...HELP,
  },
  ...GNU,
};

/** What setarch runs with no command: `execl("/bin/sh", "-sh", NULL)`, a login shell. */
const SETARCH_SHELL = ["/bin/sh", "-l"];

/** The wrapper grammars, keyed by nothing: {@link wrapperFor} finds one by command name. */
export const WRAPPER_GRAMMARS: readonly WrapperGrammar[] = [
  {
    names: ["time"],
    kind: "transparent",
    // GNU time's options are known so that its output file is judged; every one but -p stays
    // unsafe, since the keyword would run `-o` as the command.
    options: {
      short: "pao:f:vqV",
      long: {
        portability: "none",
        append: "none",
        output: "required",
        format: "required",
        verbose: "none",
        quiet: "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: [
      "a",
      "o",
      "f",
      "v",
      "q",
      "V",
      "portability",
      "append",
      "output",
      "format",
      "verbose",
      "quiet",
      "help",
      "version",
    ],
    fileOptions: { o: "write", output: "write" },
    operands: { type: "command", required: false },
    note: "bash's time keyword accepts only -p (then --); any other dash word would be run as the command, so it floors. /usr/bin/time (GNU time) takes more: -o/--output FILE writes its report to FILE, judged whichever of the two runs",
    match: [
      ["time rm -rf build", "rm -rf build"],
      ["time -p git status", "git status"],
      ["time -p -- ls", "ls"],
      ["time", "time"],
      // GNU time (S33 gnu-time): any word but the keyword's (see gnuTimeGrammar).
      ["command time -v git status", "git status"],
      ["\\time -f %e -o t.log ls", "ls"],
      ["env time -a --output=t.log -q ls", "ls"],
      ["sudo time -p -- ls", "ls"],
    ],
    notMatch: [
      "time -v rm x",
      "time $CMD",
      "time --output=t.log ls",
      "time -o t.log ls",
      "/usr/bin/time -V ls",
    ],
  },
  {
    names: ["command"],
    kind: "transparent",
    options: { short: "pvV" },
    query: ["v", "V"],
    operands: { type: "command", required: false },
    note: "bash builtin; -v/-V only describe the command, so nothing is peeled",
    match: [
      ["command rm -rf build", "rm -rf build"],
      ["command -p ls -la", "ls -la"],
      ["command -v rm", "command -v rm"],
      ["command -pV git", "command -pV git"],
    ],
    notMatch: ["command -x rm", "command $CMD"],
  },
  {
    names: ["builtin"],
    kind: "transparent",
    options: { short: "" },
    operands: { type: "command", required: false },
    note: "bash builtin without options",
    match: [
      ["builtin echo ok", "echo ok"],
      ["builtin -- cd src", "cd src"],
    ],
    notMatch: ["builtin -x echo", "builtin $B x"],
  },
  {
    names: ["jobs"],
    kind: "transparent",
    options: { short: "lpnxrs" },
    operands: { type: "command", required: true, after: ["x"] },
    note: "bash builtin: with -x (internal getopt, so clustered and after -r/-s too) it runs the words after its options as a simple command, a job spec word (%N) replaced by the job's process group id; without -x it only lists jobs",
    match: [
      ["jobs -x git push", "git push"],
      ["jobs -rx -- npm publish", "npm publish"],
      ["jobs -s -x rm -rf build", "rm -rf build"],
      ["jobs -l", "jobs -l"],
      ["jobs %1", "jobs %1"],
    ],
    notMatch: ["jobs -x $CMD", "jobs -z git push", "jobs -x"],
  },
  {
    names: ["exec"],
    kind: "transparent",
    options: { short: "cla:" },
    argv0: { name: ["a"], login: ["l"] },
    operands: { type: "command", required: false },
    note: "bash builtin: -c clears the environment; -a NAME and -l change argv[0], which some programs dispatch on, so the command is judged under that name too",
    match: [
      ["exec rm -rf build", "rm -rf build"],
      ["exec -a worker -cl node server.js", "node server.js"],
      ["exec -a git git status", "git status"],
      ["exec", "exec"],
    ],
    notMatch: ["exec -z rm x", "exec $CMD", 'exec -a "$N" git status'],
  },
  {
    names: ["env"],
    kind: "transparent",
    options: {
      short: "+0a:C:iS:u:v",
      long: {
        "ignore-environment": "none",
        null: "none",
        unset: "required",
        chdir: "required",
        "split-string": "required",
        debug: "none",
        "block-signal": "optional",
        "default-signal": "optional",
        "ignore-signal": "optional",
        "list-signal-handling": "none",
        argv0: "required",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["S", "split-string", "C", "chdir", "a", "argv0", "0", "null", "help", "version"],
    chdir: ["C", "chdir"],
    operands: { type: "command", required: false, assignments: "any" },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: env's own ${NAME} syntax
    note: "GNU env; -S splits a string into words read again (a ${NAME} in it is not proven), -C moves relative paths, -a renames argv[0]",
    match: [
      ["env -i rm -rf build", "rm -rf build"],
      ["env FOO=1 timeout -s KILL 5 rm -rf build", "rm -rf build"],
      ["env -u HOME -- rm x", "rm x"],
      ["env --ignore-env rm x", "rm x"],
      ["env - PATH=/bin rm x", "rm x"],
      ["env", "env"],
      ["env -S 'rm -rf x'", "rm -rf x"],
      ["env -S'git push' origin main", "git push origin main"],
      ["env --split-string='git push origin main'", "git push origin main"],
      ["env --sp 'rm x'", "rm x"],
      ["env -iS 'FOO=1 rm x'", "rm x"],
      ["env -S '-i -S\\_rm\\_x'", "rm x"],
      ["env -S 'git push \\#1 # a comment'", "git push #1"],
      ["env -S 'rm \"a b\"' c", "rm a b c"],
      ["env -S 'rm x\\c y'", "rm x"],
      // The command runs in /tmp: peeled and judged, its relative paths also there, floored.
      ["env -C /tmp rm x", "rm x"],
      ["env --chdir=.ssh cat id_rsa", "cat id_rsa"],
    ],
    notMatch: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: env's own ${NAME} syntax
      "env -S 'rm ${X}'",
      "env -S 'rm \\q'",
      'env -S "rm \'x"',
      'env -S "$CMD"',
      "env -C /tmp -S 'rm x'",
      "env $OPTS rm x",
      "env -Z rm x",
      "env --ign rm x",
    ],
  },
  {
    names: ["timeout"],
    kind: "transparent",
    options: {
      short: "+fk:ps:v",
      long: {
        foreground: "none",
        "kill-after": "required",
        "preserve-status": "none",
        signal: "required",
        verbose: "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["help", "version"],
    operands: { type: "command", required: true, positionals: 1 },
    note: "GNU timeout: options, then DURATION, then the command",
    match: [
      ["timeout 5 rm x", "rm x"],
      ["timeout -s KILL 5 rm -rf build", "rm -rf build"],
      ["timeout --signal=KILL 5 curl -s https://x.example", "curl -s https://x.example"],
      ["timeout --sig KILL 5 rm -rf /", "rm -rf /"],
      ["timeout -k5 -sKILL 10 rm x", "rm x"],
      ["timeout -- 5 sudo rm x", "rm x"],
    ],
    notMatch: [
      "timeout $(pick) {5,sudo} rm x",
      "timeout $T rm x",
      "timeout --bogus 5 rm x",
      "timeout --ve 5 rm x",
      "timeout 5",
    ],
  },
  {
    names: ["nice"],
    kind: "transparent",
    options: { short: "+n:", long: { adjustment: "required", ...HELP }, ...GNU },
    unsafe: ["help", "version"],
    operands: { type: "nice" },
    note: "GNU nice: an optional legacy -N first, then -n N / --adjustment=N",
    match: [
      ["nice -n 10 rm -rf build", "rm -rf build"],
      ["nice -10 rm x", "rm x"],
      ["nice --adj 5 rm x", "rm x"],
      ["nice", "nice"],
    ],
    notMatch: ["nice -q rm x", "nice -n $N rm x"],
  },
  {
    names: ["nohup"],
    kind: "transparent",
    options: { short: "+", long: HELP, ...GNU },
    unsafe: ["help", "version"],
    operands: { type: "command", required: true },
    note: "GNU nohup takes no options besides --help/--version",
    match: [
      ["nohup rm -rf build", "rm -rf build"],
      ["nohup -- rm x", "rm x"],
    ],
    notMatch: ["nohup -x rm", "nohup"],
  },
  {
    names: ["stdbuf"],
    kind: "transparent",
    options: {
      short: "+i:o:e:",
      long: { input: "required", output: "required", error: "required", ...HELP },
      ...GNU,
    },
    unsafe: ["help", "version"],
    operands: { type: "command", required: true },
    note: "GNU stdbuf: buffering modes, then the command",
    match: [
      ["stdbuf -oL grep x f", "grep x f"],
      ["stdbuf --output=L -e0 rm x", "rm x"],
    ],
    notMatch: ["stdbuf -z rm x"],
  },
  {
    names: ["setsid"],
    kind: "transparent",
    options: {
      short: "+cfwhV",
      long: { ctty: "none", fork: "none", wait: "none", ...HELP },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    operands: { type: "command", required: true },
    note: "util-linux setsid",
    match: [
      ["setsid -f rm x", "rm x"],
      ["setsid --wait rm x", "rm x"],
    ],
    notMatch: ["setsid -z rm x"],
  },
  {
    names: ["sudo"],
    kind: "indirection",
    options: {
      short: "+Aa:BbC:c:D:Eeg:Hh::iKklnPp:R:r:SsT:t:U:u:Vv",
      long: {
        askpass: "none",
        "auth-type": "required",
        background: "none",
        bell: "none",
        "close-from": "required",
        "login-class": "required",
        chdir: "required",
        "preserve-env": "optional",
        edit: "none",
        group: "required",
        "set-home": "none",
        help: "none",
        host: "required",
        login: "none",
        "remove-timestamp": "none",
        "reset-timestamp": "none",
        list: "none",
        "non-interactive": "none",
        "preserve-groups": "none",
        prompt: "required",
        chroot: "required",
        role: "required",
        stdin: "none",
        shell: "none",
        type: "required",
        "command-timeout": "required",
        "other-user": "required",
        user: "required",
        version: "none",
        validate: "none",
      },
      ...GNU,
    },
    unsafe: [
      "s",
      "shell",
      "i",
      "login",
      "e",
      "edit",
      "l",
      "list",
      "v",
      "validate",
      "K",
      "remove-timestamp",
      "V",
      "version",
      "h",
      "help",
      "host",
      "D",
      "chdir",
      "R",
      "chroot",
    ],
    chdir: ["D", "chdir"],
    operands: { type: "command", required: true, assignments: true },
    note: "sudo 1.9 getopt_long; -s/-i run a shell, -e edits files, -D/-R move paths, -l/-v/-K run nothing",
    match: [
      ["sudo rm -rf /", "rm -rf /"],
      ["sudo -u root -E rm x", "rm x"],
      ["sudo -nu cat rm x", "rm x"],
      ["sudo --user=root rm x", "rm x"],
      ["sudo --us root rm x", "rm x"],
      ["sudo FOO=1 rm x", "rm x"],
      ["time sudo rm x", "rm x"],
      ["sudo -D /tmp rm x", "rm x"],
    ],
    notMatch: ["sudo -s", "sudo -i rm x", "sudo -e /etc/hosts", "sudo $CMD", "sudo"],
  },
  {
    names: ["doas"],
    kind: "indirection",
    options: { short: "+C:Lnsu:" },
    unsafe: ["C", "L", "s"],
    operands: { type: "command", required: true },
    note: "OpenBSD doas; -s runs a shell, -C and -L run nothing",
    match: [
      ["doas rm x", "rm x"],
      ["doas -u root -n rm x", "rm x"],
    ],
    notMatch: ["doas -s", "doas -C /etc/doas.conf rm"],
  },
  {
    names: ["ionice"],
    kind: "transparent",
    options: {
      short: "+c:n:p:P:tu:hV",
      long: {
        class: "required",
        classdata: "required",
        pid: "required",
        pgid: "required",
        ignore: "none",
        uid: "required",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    query: ["p", "P", "u", "pid", "pgid", "uid"],
    operands: { type: "command", required: false },
    note: "util-linux ionice: a scheduling class, then the command (-p/-P/-u act on running processes)",
    match: [
      ["ionice -c3 git push origin main", "git push origin main"],
      ["ionice -c 2 -n 7 rm x", "rm x"],
      ["ionice -t -- rm x", "rm x"],
    ],
    notMatch: ["ionice -c $C rm x", "ionice -z rm x"],
  },
  {
    names: ["chrt"],
    kind: "transparent",
    options: {
      short: "+abdefiomprRvT:P:D:hV",
      long: {
        all: "none",
        batch: "none",
        deadline: "none",
        ext: "none",
        fifo: "none",
        idle: "none",
        other: "none",
        pid: "none",
        rr: "none",
        "reset-on-fork": "none",
        verbose: "none",
        sched_runtime: "required",
        sched_period: "required",
        sched_deadline: "required",
        max: "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version", "m", "max"],
    query: ["p", "pid"],
    operands: { type: "command", required: true, positionals: 1 },
    note: "util-linux chrt: a policy, a priority, then the command (-p acts on a running process)",
    match: [
      ["chrt -o 0 git push origin main", "git push origin main"],
      ["chrt --rr 5 rm x", "rm x"],
    ],
    notMatch: ["chrt -o $P rm x", "chrt -z 0 rm x"],
  },
  {
    names: ["taskset"],
    kind: "transparent",
    options: {
      short: "+acphV",
      long: { "all-tasks": "none", "cpu-list": "none", pid: "none", ...HELP },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    query: ["p", "pid"],
    operands: { type: "command", required: true, positionals: 1 },
    note: "util-linux taskset: a CPU mask or list, then the command (-p acts on a running process)",
    match: [
      ["taskset -c 0 git push origin main", "git push origin main"],
      ["taskset 0x3 rm x", "rm x"],
    ],
    notMatch: ["taskset -c $CPUS rm x", "taskset -z 1 rm x"],
  },
  {
    names: ["setpriv"],
    kind: "indirection",
    options: {
      short: "+dhV",
      long: {
        dump: "none",
        "no-new-privs": "none",
        "ambient-caps": "required",
        "inh-caps": "required",
        "bounding-set": "required",
        ruid: "required",
        euid: "required",
        rgid: "required",
        egid: "required",
        reuid: "required",
        regid: "required",
        "clear-groups": "none",
        "keep-groups": "none",
        "init-groups": "none",
        groups: "required",
        securebits: "required",
        pdeathsig: "required",
        "selinux-label": "required",
        "apparmor-profile": "required",
        "landlock-access": "required",
        "landlock-rule": "required",
        "reset-env": "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    query: ["d", "dump"],
    operands: { type: "command", required: true },
    note: "util-linux setpriv: privilege settings, then the command it runs with them",
    match: [
      ["setpriv --no-new-privs git push origin main", "git push origin main"],
      ["setpriv --reuid=1000 --regid 1000 --clear-groups rm x", "rm x"],
    ],
    notMatch: ["setpriv --bogus rm x"],
  },
  {
    names: ["unshare"],
    kind: "indirection",
    options: {
      short: "+muinpUCTfrcR:w:S:G:l:hV",
      long: {
        mount: "optional",
        uts: "optional",
        ipc: "optional",
        net: "optional",
        pid: "optional",
        user: "optional",
        cgroup: "optional",
        time: "optional",
        fork: "none",
        "map-root-user": "none",
        "map-current-user": "none",
        "map-user": "required",
        "map-group": "required",
        "map-users": "required",
        "map-groups": "required",
        "map-auto": "none",
        "kill-child": "optional",
        "mount-proc": "optional",
        "mount-binfmt": "optional",
        propagation: "required",
        setgroups: "required",
        root: "required",
        wd: "required",
        setuid: "required",
        setgid: "required",
        "keep-caps": "none",
        monotonic: "required",
        boottime: "required",
        load: "required",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version", "R", "root"],
    operands: { type: "command", required: true },
    note: "util-linux unshare: namespaces, then the command (with none it starts a shell; -R changes what the name means)",
    match: [
      ["unshare -m git push origin main", "git push origin main"],
      ["unshare --user --map-root-user rm x", "rm x"],
    ],
    notMatch: ["unshare -m", "unshare -R /mnt rm x"],
  },
  {
    names: ["strace"],
    kind: "indirection",
    options: {
      short: "+a:Ab:cCdDe:E:fFhiI:kno:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ",
      long: {
        attach: "required",
        user: "required",
        env: "required",
        "detach-on": "required",
        daemonize: "optional",
        "follow-forks": "none",
        "output-separately": "none",
        interruptible: "required",
        trace: "required",
        signal: "required",
        status: "required",
        "trace-path": "required",
        "successful-only": "none",
        "failed-only": "none",
        columns: "required",
        abbrev: "required",
        verbose: "required",
        raw: "required",
        read: "required",
        write: "required",
        kvm: "required",
        "instruction-pointer": "none",
        "stack-traces": "none",
        "syscall-number": "none",
        output: "required",
        "output-append-mode": "none",
        "relative-timestamps": "optional",
        "string-limit": "required",
        "absolute-timestamps": "optional",
        "syscall-times": "optional",
        "no-abbrev": "none",
        "strings-in-hex": "optional",
        "const-print-style": "required",
        "decode-fds": "optional",
        "summary-only": "none",
        summary: "none",
        "summary-syscall-overhead": "required",
        "summary-sort-by": "required",
        "summary-columns": "required",
        "summary-wall-clock": "none",
        inject: "required",
        fault: "required",
        debug: "none",
        "seccomp-bpf": "none",
        tips: "optional",
        ...HELP,
      },
      ...GNU,
    },
    // -E/--env can set LD_PRELOAD for the command; inject/fault can rewrite execve's arguments.
    unsafe: ["E", "env", "inject", "fault", "help", "version"],
    unsafeValues: { e: /inject|fault/, o: /^[|!]/, output: /^[|!]/ },
    fileOptions: { o: "write", output: "write" },
    operands: { type: "command", required: false },
    note: "strace 6 getopt_long: it runs and traces the command after its options (-p alone only attaches); -o |cmd pipes to a command",
    match: [
      ["strace -o /dev/null git push origin main", "git push origin main"],
      ["strace -f -e trace=execve rm -rf x", "rm -rf x"],
      ["strace -ff -s 200 --output=t.log -- rm x", "rm x"],
      ["strace -p 1", "strace -p 1"],
    ],
    notMatch: [
      "strace -o '|sh' rm x",
      "strace -e inject=execve:poke_enter=@arg1=00 rm x",
      "strace -E LD_PRELOAD=./x.so rm x",
      "strace --bogus rm x",
    ],
  },
  {
    names: ["chroot"],
    kind: "indirection",
    options: {
      short: "+",
      long: { userspec: "required", groups: "required", "skip-chdir": "none", ...HELP },
      ...GNU,
    },
    // The command is looked up inside the new root: its name says little about what runs.
    unsafe: ["help", "version"],
    operands: { type: "command", required: true, positionals: 1 },
    note: "GNU chroot: a new root, then a command resolved inside it (none: a shell)",
    match: [["chroot /srv/jail rm x", "rm x"]],
    notMatch: ["chroot /srv/jail", "chroot $ROOT rm x"],
  },
  {
    names: ["setarch"],
    kind: "transparent",
    options: SETARCH_OPTIONS,
    unsafe: ["h", "V", "help", "version", "list"],
    operands: { type: "command", required: false, leadingPositional: true, shell: SETARCH_SHELL },
    note: "util-linux setarch: an architecture (only when the first word does not start with `-`), options, then the command; with none it starts /bin/sh as a login shell, which runs what stdin holds",
    match: [
      ["setarch x86_64 git push origin main", "git push origin main"],
      ["setarch aarch64 rm x", "rm x"],
      ["setarch x86_64 -R git push", "git push"],
      ["setarch -R git push", "git push"],
      ["setarch --addr-no-randomize npm publish", "npm publish"],
      ["setarch -3 -- git push", "git push"],
      ["setarch -R x86_64 rm x", "rm x"],
    ],
    notMatch: ["setarch -z x86_64 rm x", "setarch $ARCH rm x", "setarch x86_64 -R", "setarch -R"],
  },
  {
    names: ["linux64", "linux32", "i386", "x86_64"],
    kind: "transparent",
    options: SETARCH_OPTIONS,
    unsafe: ["h", "V", "help", "version", "list"],
    operands: { type: "command", required: false, shell: SETARCH_SHELL },
    note: "util-linux setarch under an architecture's name: options, then the command; with none it starts /bin/sh as a login shell, which runs what stdin holds",
    match: [
      ["linux64 git push origin main", "git push origin main"],
      ["linux64 -R -- rm x", "rm x"],
    ],
    notMatch: ["linux64 -z rm x", "linux32"],
  },
  {
    names: ["prlimit"],
    kind: "transparent",
    options: {
      short: "+p:o:vhVc::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::",
      long: {
        pid: "required",
        output: "required",
        noheadings: "none",
        raw: "none",
        verbose: "none",
        core: "optional",
        data: "optional",
        nice: "optional",
        fsize: "optional",
        sigpending: "optional",
        memlock: "optional",
        rss: "optional",
        nofile: "optional",
        msgqueue: "optional",
        rtprio: "optional",
        stack: "optional",
        cpu: "optional",
        nproc: "optional",
        as: "optional",
        locks: "optional",
        rttime: "optional",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    query: ["p", "pid"],
    operands: { type: "command", required: false },
    note: "util-linux prlimit: resource limits, then the command (-p acts on a running process)",
    match: [["prlimit --nofile=100 git push origin main", "git push origin main"]],
    notMatch: ["prlimit --bogus rm x"],
  },
  {
    names: ["choom"],
    kind: "transparent",
    options: { short: "+n:p:hV", long: { adjust: "required", pid: "required", ...HELP }, ...GNU },
    unsafe: ["h", "V", "help", "version"],
    query: ["p", "pid"],
    operands: { type: "command", required: true },
    note: "util-linux choom: an OOM score adjustment, then the command",
    match: [["choom -n 0 -- git push origin main", "git push origin main"]],
    notMatch: ["choom -z 0 rm x"],
  },
  {
    names: ["fakeroot", "fakeroot-sysv", "fakeroot-tcp"],
    kind: "transparent",
    options: {
      short: "+l:f:i:s:ub:vh",
      long: {
        lib: "required",
        faked: "required",
        "unknown-is-real": "none",
        "fd-base": "required",
        ...HELP,
      },
      ...GNU,
    },
    // The script loads -l's library and runs -f's program, and pastes -i's and -s's file
    // names into an `eval` line: a name with shell syntax in it runs as code.
    unsafe: ["l", "f", "lib", "faked", "v", "h", "version", "help"],
    unsafeValues: { i: /[^\w./~+@%-]/, s: /[^\w./~+@%-]/ },
    fileOptions: { i: "read", s: "write" },
    operands: { type: "command", required: true },
    note: "fakeroot (a shell script over util-linux getopt with a leading +; fakeroot-sysv and fakeroot-tcp are the same script over another library): options, then the command; with none it starts $SHELL",
    match: [
      ["fakeroot debian/rules binary", "debian/rules binary"],
      ["fakeroot -u -- rm -rf build", "rm -rf build"],
      ["fakeroot -s state -i state rm x", "rm x"],
      ["fakeroot --unknown rm x", "rm x"],
      ["fakeroot-sysv rm -rf build", "rm -rf build"],
      ["fakeroot-tcp -- git push origin main", "git push origin main"],
    ],
    notMatch: [
      "fakeroot",
      "fakeroot -s 'x;id' rm x",
      "fakeroot -f ./evil rm x",
      "fakeroot --lib ./x.so rm x",
      "fakeroot -z rm x",
    ],
  },
  {
    names: ["ssh-agent"],
    kind: "transparent",
    options: { short: "+cDdksE:a:O:P:t:" },
    // -k kills the agent SSH_AGENT_PID names; -c/-s/-d/-D with a command print the usage.
    query: ["k"],
    fileOptions: { a: "write" },
    operands: { type: "command", required: false },
    note: "OpenSSH ssh-agent (BSD getopt, stops at the first operand): options, then a command it runs with SSH_AUTH_SOCK set; with none it prints the variables and stays in the background; -a binds a socket there",
    match: [
      ["ssh-agent git push origin main", "git push origin main"],
      ["ssh-agent -t 60 -a ./agent.sock ssh-add -l", "ssh-add -l"],
      ["ssh-agent -- rm -rf build", "rm -rf build"],
      ["ssh-agent -s", "ssh-agent -s"],
      ["ssh-agent -k", "ssh-agent -k"],
    ],
    notMatch: ["ssh-agent -x rm x", "ssh-agent $CMD", "ssh-agent -t"],
  },
  {
    names: ["memusage"],
    kind: "transparent",
    options: {
      short: "n:p:d:ub:mtTx:y:?V",
      long: {
        progname: "required",
        png: "required",
        data: "required",
        unbuffered: "none",
        buffer: "required",
        "no-timer": "none",
        mmap: "none",
        "time-based": "none",
        total: "none",
        title: "required",
        "x-size": "required",
        "y-size": "required",
        help: "none",
        usage: "none",
        version: "none",
      },
      ...GNU,
    },
    // Its own loop reads one option per word: `-nfoo` is the program it runs, not -n foo.
    shortWords: "alone",
    unsafe: ["?", "V", "help", "usage", "version"],
    // The script runs `eval $add_env '"$@"'`, pasting these values in: a blank or shell
    // syntax there is code. -p's file gets .png appended unless it ends so.
    unsafeValues: {
      n: /[^\w./~+@%:-]/,
      progname: /[^\w./~+@%:-]/,
      d: /[^\w./~+@%:-]/,
      data: /[^\w./~+@%:-]/,
      b: /[^\w./~+@%:-]/,
      buffer: /[^\w./~+@%:-]/,
      p: /^(?!.*\.png$)/,
      png: /^(?!.*\.png$)/,
    },
    fileOptions: { d: "write", data: "write", p: "write", png: "write" },
    operands: { type: "command", required: true },
    note: "glibc memusage (a bash script, one option per word, GNU-style abbreviations): options, then the program it runs with libmemusage.so preloaded; -d's and -p's files are written",
    match: [
      ["memusage python3 app.py", "python3 app.py"],
      ["memusage -d out.dat --png=m.png -- ./a.out", "./a.out"],
      ["memusage --prog x --no-t sh s", "sh s"],
    ],
    notMatch: [
      "memusage",
      "memusage -n 'x;id' ./a.out",
      "memusage -nfoo ./a.out",
      "memusage -p m ./a.out",
      "memusage --p x ./a.out",
      "memusage --usage ./a.out",
    ],
  },
  {
    names: ["sotruss"],
    kind: "transparent",
    options: {
      short: "F:T:efo:l:?",
      long: {
        from: "required",
        to: "required",
        exit: "none",
        follow: "none",
        output: "required",
        lib: "required",
        help: "none",
        usage: "none",
        version: "none",
      },
      ...GNU,
    },
    shortWords: "alone",
    perProcessFiles: ["f", "follow"],
    // -l/--lib names the audit library (LD_AUDIT) the program then loads.
    unsafe: ["l", "lib", "?", "help", "usage", "version"],
    fileOptions: { o: "write", output: "write" },
    operands: { type: "command", required: true },
    note: "glibc sotruss (a bash script, one option per word): options, then the program it runs with its audit library; -o's file is written (FILE.PID with -f)",
    match: [
      ["sotruss sh s", "sh s"],
      ["sotruss -f -o trace -- ./a.out x", "./a.out x"],
      ["sotruss --fro libc.so.6 ls", "ls"],
    ],
    notMatch: ["sotruss", "sotruss -l ./audit.so ls", "sotruss --f x ls", "sotruss -ef ls"],
  },
  {
    names: ["logsave"],
    kind: "transparent",
    options: { short: "asv" },
    operands: { type: "command", required: true, positionals: 1, positionalAccess: "write" },
    note: "e2fsprogs logsave: -a/-s/-v, a log file it writes, then the command whose output it saves; `-` as the command copies stdin instead",
    match: [
      ["logsave /dev/null sh s", "sh s"],
      ["logsave -a build.log npm test", "npm test"],
    ],
    notMatch: ["logsave log", "logsave -x log ls", "logsave $LOG ls", "logsave log -"],
  },
  {
    names: ["dpkg-architecture"],
    kind: "transparent",
    options: {
      short: "a:t:A:T:W:B:E:e:i:q:fsulLc?",
      long: {
        "host-arch": "required",
        "host-type": "required",
        "target-arch": "required",
        "target-type": "required",
        "match-wildcard": "required",
        "match-bits": "required",
        "match-endian": "required",
        equal: "required",
        is: "required",
        query: "required",
        "print-format": "required",
        force: "none",
        "print-set": "none",
        "print-unset": "none",
        list: "none",
        "list-known": "none",
        command: "none",
        help: "none",
        version: "none",
      },
    },
    shortWords: "attached",
    unsafe: ["?", "help", "version"],
    operands: { type: "command", required: true, after: ["c", "command"], perlExec: true },
    note: "dpkg-architecture (Dpkg::Getopt: an attached value splits off, nothing clusters): only -c/--command runs the words after it, with perl's exec, which hands a single word holding shell syntax to sh -c",
    match: [
      ["dpkg-architecture -aarm64 -c ls -la", "ls -la"],
      ["dpkg-architecture --host-arch=arm64 --command sh s", "sh s"],
      ["dpkg-architecture -qDEB_HOST_ARCH", "dpkg-architecture -qDEB_HOST_ARCH"],
    ],
    notMatch: [
      "dpkg-architecture -c",
      "dpkg-architecture -cls",
      "dpkg-architecture -c $CMD",
      "dpkg-architecture -c 'git push origin main'",
    ],
  },
  {
    names: ["cmake -E env"],
    kind: "transparent",
    options: { short: "", long: { unset: "required", modify: "required" } },
    operands: { type: "command", required: true, assignments: true },
    note: "cmake -E env (cmake must have -E as its first word): --unset=NAME, --modify OP and NAME=VALUE words, then the command, run directly",
    match: [
      ["cmake -E env sh s", "sh s"],
      ["cmake -E env --unset=X -- git push origin main", "git push origin main"],
      ["cmake -E env X=1 --unset=Y git status", "git status"],
    ],
    notMatch: ["cmake -E env", "cmake -E env -x ls", "cmake -E env $CMD"],
  },
  {
    names: ["cmake -E time"],
    kind: "transparent",
    options: { short: "" },
    operands: { type: "command", required: true },
    note: "cmake -E time runs the words after it directly (even `--`) and prints the time taken",
    match: [["cmake -E time npm test", "npm test"]],
    notMatch: ["cmake -E time", "cmake -E time -x ls", "cmake -E time $CMD"],
  },
  {
    names: ["cmake -E chdir"],
    kind: "indirection",
    options: { short: "" },
    operands: { type: "command", required: true, positionals: 1 },
    note: "cmake -E chdir DIR runs the command in DIR: its relative paths are not where the string says",
    match: [["cmake -E chdir build ls -la", "ls -la"]],
    notMatch: ["cmake -E chdir build", "cmake -E chdir $D ls"],
  },
  {
    names: ["busybox", "toybox"],
    kind: "indirection",
    options: { short: "+", long: { list: "none", "list-full": "none", install: "none", ...HELP } },
    unsafe: ["help", "version", "install"],
    query: ["list", "list-full"],
    operands: { type: "command", required: true },
    note: "a multi-call binary runs the applet named by its first operand (sh among them)",
    match: [
      ["busybox rm x", "rm x"],
      ["busybox -- rm -rf x", "rm -rf x"],
    ],
    notMatch: ["busybox --install /bin"],
  },
  {
    names: ["npx", "bunx", "pnpx"],
    kind: "indirection",
    exact: true,
    packageSpec: true,
    options: {
      short: "+yqp:c:",
      long: {
        yes: "none",
        "no-install": "none",
        quiet: "none",
        package: "required",
        call: "required",
        "ignore-existing": "none",
        prefix: "required",
        ...HELP,
      },
    },
    // npx reads the project at --prefix (package.json, .npmrc, node_modules).
    fileOptions: { prefix: "read_write" },
    // -c runs a shell string; a package name may differ from the binary it runs.
    unsafe: ["c", "call", "p", "package", "help", "version"],
    operands: { type: "command", required: true },
    note: "npx and friends run a package's binary with the words after it",
    match: [
      ["npx npm publish", "npm publish"],
      ["npx --yes prettier --write .", "prettier --write ."],
      ["npx npm@9 publish", "npm publish"],
      ["npx @changesets/cli@2 publish", "cli publish"],
    ],
    notMatch: ["npx -c 'npm publish'", "npx -p left-pad x"],
  },
  {
    names: ["xargs"],
    kind: "indirection",
    options: {
      short: "+0a:d:E:e::I:i::L:l::n:oprs:tP:x",
      long: {
        null: "none",
        "arg-file": "required",
        delimiter: "required",
        eof: "optional",
        replace: "optional",
        "max-lines": "optional",
        "max-args": "required",
        "open-tty": "none",
        interactive: "none",
        "no-run-if-empty": "none",
        "max-chars": "required",
        verbose: "none",
        "show-limits": "none",
        exit: "none",
        "max-procs": "required",
        "process-slot-var": "required",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["help", "version"],
    fileOptions: { a: "read", "arg-file": "read" },
    operands: { type: "xargs" },
    note: "GNU xargs: the command gets unknown operands from stdin, so it never looks fully proven unless it only prints them (echo, the default, true, false)",
    match: [
      ["xargs rm -f", "rm -f"],
      ["xargs -I{} rm {}", "rm {}"],
      ["xargs -0 -n1 rm", "rm"],
      ["xargs --max-args=1 rm", "rm"],
      ["xargs", "echo"],
    ],
    notMatch: ["xargs $CMD", "xargs -Z rm", "xargs --max 1 rm"],
  },
  {
    names: ["watch"],
    kind: "indirection",
    options: {
      short: "+bcCd::egn:pq:rtwxhv",
      long: {
        beep: "none",
        color: "none",
        "no-color": "none",
        differences: "optional",
        errexit: "none",
        chgexit: "none",
        interval: "required",
        precise: "none",
        equexit: "required",
        "no-rerun": "none",
        "no-title": "none",
        "no-wrap": "none",
        exec: "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "v", "help", "version"],
    operands: { type: "watch" },
    note: "procps watch joins its operands and runs them through sh -c unless -x is given",
    match: [
      ["watch -x git status", "git status"],
      ["watch -n 1 --exec ls", "ls"],
    ],
    notMatch: ["watch git status", "watch -n $N ls", "watch -x $CMD"],
  },
  {
    names: ["flock"],
    kind: "indirection",
    options: {
      short: "+sexnoFuw:E:hV",
      long: {
        shared: "none",
        exclusive: "none",
        unlock: "none",
        nonblocking: "none",
        nb: "none",
        timeout: "required",
        wait: "required",
        "conflict-exit-code": "required",
        close: "none",
        "no-fork": "none",
        verbose: "none",
        ...HELP,
      },
      ...GNU,
    },
    unsafe: ["h", "V", "help", "version"],
    operands: { type: "flock" },
    note: "util-linux flock: a lock file, then a command, or -c with one string run by sh -c",
    match: [
      ["flock /tmp/lock rm x", "rm x"],
      ["flock -n -w 5 /tmp/lock ls build", "ls build"],
      ["flock --excl /tmp/l rm x", "rm x"],
      ["flock -u 9", "flock -u 9"],
    ],
    notMatch: ["flock /tmp/lock -c 'rm x'", "flock $L rm x", "flock -Z /tmp/l rm"],
  },
  {
    names: ["find"],
    kind: "indirection",
    options: { short: "HLPD:O::" },
    operands: { type: "find" },
    note: "GNU find: -exec/-execdir/-ok/-okdir run a command per match, up to ; or +",
    match: [
      ["find . -name '*.orig' -exec rm {} \\;", "rm ./**"],
      ["find src -name '*.ts' -exec wc -l {} +", "wc -l src/**"],
      ["find . -type f -execdir chmod 644 {} +", "chmod 644 {}"],
      ["find -L src -ok rm {} ';'", "rm src/**"],
      ['find "$D" -exec rm {} +', "rm {}"],
      ["find . -name x -delete", "find . -name x -delete"],
    ],
    notMatch: ["find . -exec $CMD {} \\;", "find . -exec rm {}", "find . $EXPR -print"],
  },
  {
    names: ["fd", "fdfind"],
    kind: "indirection",
    // fd 10's options (src/cli.rs) with their hidden aliases and overrides; fd 8.6 has fewer
    // (no -C), so a later one read here is at worst more than that fd accepts. Clap infers no
    // abbreviation, so none is listed (`abbreviations` stays off). Read by `readFd`.
    options: {
      short: "HIuisgFalLp0q1hVd:t:e:E:S:o:j:c:x:X:C:",
      long: {
        hidden: "none",
        "no-hidden": "none",
        "no-ignore": "none",
        ignore: "none",
        "no-ignore-vcs": "none",
        "ignore-vcs": "none",
        "no-ignore-parent": "none",
        "ignore-parent": "none",
        "no-global-ignore-file": "none",
        "no-require-git": "none",
        "require-git": "none",
        unrestricted: "none",
        "case-sensitive": "none",
        "ignore-case": "none",
        glob: "none",
        regex: "none",
        "fixed-strings": "none",
        literal: "none",
        exact: "none",
        "absolute-path": "none",
        "relative-path": "none",
        "list-details": "none",
        follow: "none",
        dereference: "none",
        "no-follow": "none",
        "full-path": "none",
        print0: "none",
        quiet: "none",
        "has-results": "none",
        "show-errors": "none",
        "error-on-fs-errors": "none",
        prune: "none",
        "one-file-system": "none",
        mount: "none",
        xdev: "none",
        "strip-cwd-prefix": "optional",
        hyperlink: "optional",
        hyper: "optional",
        "gen-completions": "optional",
        "max-depth": "required",
        maxdepth: "required",
        "min-depth": "required",
        mindepth: "required",
        "exact-depth": "required",
        type: "required",
        extension: "required",
        exclude: "required",
        size: "required",
        "changed-within": "required",
        "change-newer-than": "required",
        "changed-after": "required",
        "changed-before": "required",
        "change-older-than": "required",
        newer: "required",
        older: "required",
        owner: "required",
        "base-directory": "required",
        "search-path": "required",
        "path-separator": "required",
        threads: "required",
        color: "required",
        "max-results": "required",
        "max-buffer-time": "required",
        "ignore-file": "required",
        "ignore-contain": "required",
        "batch-size": "required",
        format: "required",
        and: "required",
        exec: "required",
        "exec-batch": "required",
        help: "none",
        version: "none",
      },
      permute: true,
    },
    unsafe: ["h", "V", "help", "version"],
    // S30 fd-options: the search paths and ignore files are read below the base directory.
    fileOptions: { "search-path": "read", "ignore-file": "read" },
    chdir: ["C", "base-directory"],
    operands: { type: "fd" },
    note: "fd (clap): -x/--exec and -X/--exec-batch, alone or last in a cluster, take every following word up to ; as the command, and may come again after it",
    match: [
      ["fd -e ts -x wc -l", "wc -l"],
      ["fd --extension ts --exec-batch rm", "rm"],
      ["fd -H pattern src -X rm {} ;", "rm {}"],
      ["fd -Hx wc -l", "wc -l"],
      ["fd README -uX wc -l", "wc -l"],
      ["fd -x wc -l ; -H x", "wc -l"],
      ["fd --exec=wc x", "wc"],
      ["fd --base-directory /tmp -x rm", "rm"],
      ["fd -e md", "fd -e md"],
      ["fd -- -x wc", "fd -- -x wc"],
    ],
    notMatch: [
      "fd -x $CMD",
      "fd --bogus -x rm",
      "fd -h -x rm",
      "fd -x rm $(cat s) -H",
      'fd "$(cat p)" -x rm',
      "fd $(cat p) x",
    ],
  },
];

/**
 * Package managers' subcommands that run a package binary with the words after them, as npx
 * does (`npm exec -- tsc`, `pnpm dlx prettier`, `yarn dlx eslint`): keyed `"TOOL SUBCOMMAND"`,
 * the subcommand right after the tool's name (`npm --prefix x exec …` is the npm executor
 * rule's, which analyses what follows under the opaque sentinel).
 */
export const PACKAGE_RUNNERS: readonly WrapperGrammar[] = [
  ...["npm exec", "npm x"].map(
    (name): WrapperGrammar => ({
      names: [name],
      kind: "indirection",
      exact: true,
      packageSpec: true,
      optionsAfterCommand: true,
      options: {
        short: "+yqp:c:w:",
        long: {
          yes: "none",
          quiet: "none",
          package: "required",
          call: "required",
          workspace: "required",
          workspaces: "none",
          ws: "none",
          "include-workspace-root": "none",
          ...HELP,
        },
      },
      // -c runs a shell string; a package name may differ from the binary it runs; a workspace
      // runs it in another folder.
      unsafe: [
        ...["c", "call", "p", "package", "w", "workspace", "workspaces", "ws"],
        ...["help", "version"],
      ],
      operands: { type: "command", required: true },
      note: "npm exec runs a package's binary; without `--` npm takes later options as its own",
      match: [
        [`${name} -- tsc --noEmit`, "tsc --noEmit"],
        [`${name} tsc`, "tsc"],
        [`${name} --yes -- prettier --check .`, "prettier --check ."],
        [`${name} -- npm@9 publish`, "npm publish"],
      ],
      notMatch: [
        `${name} -c 'npm publish'`,
        `${name} --call='rm x'`,
        `${name} -p left-pad x`,
        `${name} node a.js --require ./x.js`,
        `${name} -w pkg -- tsc`,
      ],
    }),
  ),
  {
    names: ["pnpm exec"],
    kind: "indirection",
    exact: true,
    // pnpm reads its own options (`-c` shell mode, `-r` every package) before the command.
    options: { short: "+", long: {} },
    operands: { type: "command", required: true },
    note: "pnpm exec runs a binary from node_modules/.bin or PATH with the words after it, verbatim",
    match: [
      ["pnpm exec vitest run", "vitest run"],
      ["pnpm exec -- tsc --noEmit", "tsc --noEmit"],
    ],
    notMatch: ["pnpm exec -c 'rm x'", "pnpm exec -r tsc", "pnpm exec --shell-mode x"],
  },
  {
    names: ["pnpm dlx"],
    kind: "indirection",
    exact: true,
    packageSpec: true,
    options: { short: "+", long: {} },
    operands: { type: "command", required: true },
    note: "pnpm dlx installs a package and runs its binary with the words after it, verbatim",
    match: [
      ["pnpm dlx prettier --check .", "prettier --check ."],
      ["pnpm dlx create-vite@5 app", "create-vite app"],
    ],
    notMatch: ["pnpm dlx -c 'rm x'", "pnpm dlx --package=x y", "pnpm dlx --allow-build=x y"],
  },
  {
    names: ["yarn dlx"],
    kind: "indirection",
    exact: true,
    packageSpec: true,
    options: { short: "+q", long: { quiet: "none" } },
    operands: { type: "command", required: true },
    note: "yarn dlx installs a package and runs its binary with the words after it, verbatim",
    match: [
      ["yarn dlx eslint .", "eslint ."],
      ["yarn dlx -q @scope/cli@2 init", "cli init"],
    ],
    notMatch: ["yarn dlx -p left-pad x", "yarn dlx --package x y"],
  },
  {
    names: ["yarn exec"],
    kind: "indirection",
    exact: true,
    shellWords: true,
    options: { short: "+", long: {} },
    operands: { type: "command", required: true },
    note: "yarn exec runs its words as a script of yarn's shell: plain words are that command",
    match: [
      ["yarn exec tsc", "tsc"],
      ["yarn exec eslint --fix src", "eslint --fix src"],
    ],
    notMatch: [
      "yarn exec 'tsc && rm x'",
      "yarn exec tsc 'a;rm x'",
      "yarn exec 'rm -rf x'",
      "yarn exec X=1 tsc",
      "yarn exec tsc 'src/*.ts'",
    ],
  },
];

const BY_PACKAGE_RUNNER: ReadonlyMap<string, WrapperGrammar> = new Map(
  PACKAGE_RUNNERS.map((grammar) => [grammar.names[0] as string, grammar] as const),
);

/**
 * The grammar of a package manager's subcommand that runs a package binary (`npm exec`), when
 * the words start with one.
 */
export function packageRunnerFor(words: readonly Word[]): WrapperGrammar | undefined {
  const head = words[0];
  const sub = words[1];
  if (head === undefined || sub === undefined || !head.literal || !sub.literal) return undefined;
  const tool = toolName(head.text);
  return tool === null ? undefined : BY_PACKAGE_RUNNER.get(`${tool} ${sub.text}`);
}

const BY_NAME: ReadonlyMap<string, WrapperGrammar> = new Map(
  WRAPPER_GRAMMARS.flatMap((grammar) =>
    grammar.names.filter((name) => !name.includes(" ")).map((name) => [name, grammar] as const),
  ),
);

/**
 * Wrappers that are a subcommand of a larger tool (`cmake -E env`), by the tool's name: the
 * words that must follow the name, and the grammar read from the last of them.
 */
const BY_TOOL_SUBCOMMAND: ReadonlyMap<string, readonly (readonly [string[], WrapperGrammar])[]> =
  (() => {
    const map = new Map<string, [string[], WrapperGrammar][]>();
    for (const grammar of WRAPPER_GRAMMARS) {
      for (const name of grammar.names) {
        const [tool, ...sub] = name.split(" ");
        if (tool === undefined || sub.length === 0) continue;
        map.set(tool, [...(map.get(tool) ?? []), [sub, grammar]]);
      }
    }
    return map;
  })();

/**
 * The wrapper grammar of a tool's subcommand (`cmake -E env sh`), with where its words end:
 * the grammar applies to `words.slice(at - 1)`. The subcommand words must be literal and
 * stand right after the name, as the tool requires.
 */
export function toolSubcommandWrapper(
  words: readonly Word[],
): { grammar: WrapperGrammar; at: number } | undefined {
  const tool = toolName(words[0]?.text ?? "");
  if (tool === null) return undefined;
  const entries = BY_TOOL_SUBCOMMAND.get(tool);
  if (entries === undefined) return undefined;
  for (const [sub, grammar] of entries) {
    if (sub.every((text, k) => words[k + 1]?.literal === true && words[k + 1]?.text === text)) {
      return { grammar, at: sub.length + 1 };
    }
  }
  return undefined;
}

const STANDARD_DIRS = new Set([
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
]);

/** Debian's alternatives names for the programs they stand for. */
const ALTERNATIVES: Readonly<Record<string, string>> = {
  editor: "vim",
  "sensible-editor": "vim",
  pager: "less",
  "sensible-pager": "less",
  neovim: "nvim",
  "emacs-nox": "emacs",
  "emacs-gtk": "emacs",
  gdbtui: "gdb",
  "gdb-multiarch": "gdb",
  "bash-static": "bash",
};

/**
 * The program a versioned or packaged name stands for: `perl5.36.0`, `ruby3.1`, `tclsh8.6`,
 * `gcc-12`, `lli-14` (a version), `vim.basic`, `dash.static`, `sh.distrib` (a package
 * suffix), `x86_64-linux-gnu-gcc`, `perl5.36-x86_64-linux-gnu` (a target triplet), `editor`
 * (an alternatives name). A name with none of these is itself.
 */
export function programStem(tool: string): string {
  const alternative = ALTERNATIVES[tool];
  if (alternative !== undefined) return alternative;
  // Several tables ask for every unit, and four replaces per question were a visible part of
  // a new command's analysis: the answer per name is kept, in a map bounded against a string
  // of ten thousand distinct names.
  const known = STEMS.get(tool);
  if (known !== undefined) return known;
  const stem = spelledStem(tool);
  if (STEMS.size >= 4096) STEMS.clear();
  STEMS.set(tool, stem);
  return stem;
}

const STEMS = new Map<string, string>();

function spelledStem(tool: string): string {
  let stem = tool
    .replace(
      /^[a-z0-9_]+-([a-z0-9_]+-)?(linux-gnu[a-z0-9]*|linux-musl[a-z0-9]*|linux-android[a-z0-9]*|w64-mingw32|apple-darwin[0-9.]*|none-eabi[a-z]*|elf)-/,
      "",
    )
    .replace(/-(x86_64|i[3-6]86|aarch64|arm[a-z0-9]*|riscv64|powerpc64le|s390x)-[a-z0-9_-]+$/, "")
    .replace(/[.-](basic|tiny|nox|gtk3?|static|distrib)$/, "")
    .replace(/[-.]?\d+(\.\d+)*[a-z]?$/, "");
  if (stem === "" || stem === tool) return ALTERNATIVES[stem] ?? tool;
  stem = ALTERNATIVES[stem] ?? stem;
  return stem;
}

/**
 * The tool a command name refers to, when it is a bare name or sits in a standard binary
 * directory. `./sudo` is some local program, not sudo: it is judged by its own name. An
 * absolute name is read lexically first, as bash hands it to the kernel: `//usr//bin/git`,
 * `/usr/bin/./git` and `/usr/lib/../bin/git` are git.
 */
export function toolName(name: string): string | null {
  const slash = name.lastIndexOf("/");
  if (slash === -1) return name;
  const folder = name.slice(0, slash);
  if (STANDARD_DIRS.has(folder)) return name.slice(slash + 1);
  if (!name.startsWith("/") || !/\/\/|\/\.\.?(\/|$)/.test(name)) return null;
  const path = lexicalProgramPath(name);
  const last = path.lastIndexOf("/");
  return last > 0 && STANDARD_DIRS.has(path.slice(0, last)) ? path.slice(last + 1) : null;
}

/**
 * An absolute command name with `//`, `.` and `..` worked out lexically (`/usr/lib/../bin/git`
 * is `/usr/bin/git`); a trailing `/` stays, so a folder never reads as a program.
 */
export function lexicalProgramPath(name: string): string {
  const parts: string[] = [];
  for (const part of name.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const trailing = /\/\.{0,2}$/.test(name) && parts.length > 0 ? "/" : "";
  return `/${parts.join("/")}${trailing}`;
}

/**
 * The binary a package spec runs: `npm@9` is `npm`, `@scope/cli@1` is `cli`; any other word
 * is itself. A word that is not literal stays as it is (its computed text decides).
 */
export function packageBinary(word: Word): Word {
  if (!word.literal) return word;
  const spec = /^(?:@[^/@\s]+\/)?([^/@\s]+)(?:@[^/\s]*)?$/.exec(word.text);
  if (spec === null || spec[1] === word.text) return word;
  return wordFromText(spec[1] as string, { start: word.start });
}

/**
 * Whether the wrapper `words[0]` names refuses the options after it (an option it does not
 * know, an ambiguous abbreviation, a missing value): there the name is an operand or a
 * subcommand of another program (`docker exec -it c sh`), not that wrapper.
 */
export function wrapperRefuses(words: readonly Word[]): boolean {
  const grammar = wrapperFor(words[0]?.text ?? "");
  if (grammar === undefined || grammar.operands.type === "find" || grammar.operands.type === "fd") {
    return false;
  }
  const parsed = parseOptions(words, 1, grammar.options);
  return !parsed.ok && parsed.reason !== "computed-word";
}

/** The wrapper grammar for a command name, if any. */
export function wrapperFor(name: string): WrapperGrammar | undefined {
  const tool = toolName(name);
  return tool === null ? undefined : BY_NAME.get(tool);
}

/**
 * GNU time (`/usr/bin/time`), which the `time` grammar's `unsafe` list keeps out: its options
 * are its own (`-v`, `-q`, `-a`, `-f FORMAT`, `-o FILE`, whose report file is judged as a
 * write), and only bash's keyword runs a dash word as the command (S33 gnu-time, r33d:
 * `/usr/bin/time -v git status` asked). `-V`, `--help` and `--version` stay as they were.
 */
const GNU_TIME: WrapperGrammar = (() => {
  const keyword = BY_NAME.get("time") as WrapperGrammar;
  return { ...keyword, unsafe: ["V", "help", "version"] };
})();

/**
 * The grammar `time` is read by: bash's keyword only where bash reserves the word, the first
 * word of the command line written plainly (`\time`, `"time"`, a path, `command time`, a word
 * after an assignment or after any wrapper is the program; a later pipeline member is read as
 * the keyword too, which asks more, never less); GNU time's everywhere else.
 */
export function timeGrammar(head: Word, first: boolean): WrapperGrammar {
  const pieces = head.pieces;
  const plain =
    head.literal &&
    head.text === "time" &&
    (pieces === undefined ||
      (pieces.length === 1 &&
        pieces[0]?.kind === "unquoted" &&
        (pieces[0].raw === undefined || pieces[0].raw === "time")));
  return first && plain ? (BY_NAME.get("time") as WrapperGrammar) : GNU_TIME;
}

/** What one wrapper layer does with its words. */
export type WrapperStep =
  /** The wrapper does not run another command here (query mode, or nothing to run). */
  | { type: "none"; files: FileUse[] }
  /** The inner command is `words[start..end)`, with operands the tool adds where it says. */
  | {
      type: "inner";
      layerEnd: number;
      commands: InnerCommand[];
      files: FileUse[];
      placeholders: string[];
      /** The command the tool runs when none is given (xargs runs echo). */
      fallback?: string;
      /**
       * Every operand the tool adds is known (find's `{}` stands for a path below a literal
       * starting point, written out in `commands[].words`): no sentinel floors the layer.
       */
      exact?: true;
      /** The folders the tool enters before it runs the command (see {@link WrapperGrammar.chdir}). */
      chdir?: Word[];
    }
  /** The wrapper runs a shell string (`watch cmd`, `flock f -c cmd`). */
  | { type: "script"; layerEnd: number; script: Word | null; files: FileUse[] }
  /** What runs cannot be proven from the text. */
  | { type: "unproven"; layerEnd: number; files: FileUse[] }
  /**
   * The wrapper's own words, rewritten the way the tool rewrites them before it reads them
   * again (`env -S 'git push' x` reads `env git push x`): classified again from the start.
   */
  | { type: "rewrite"; layerEnd: number; words: Word[]; files: FileUse[] };

/** One command a wrapper runs: `words[start..end)`, or `words` when the tool rewrites them. */
export interface InnerCommand {
  start: number;
  end: number;
  layerEnd: number;
  /** The command's words with the tool's substitutions made (find's `{}`). */
  words?: Word[];
  /**
   * The command as started under another argv[0] (`exec -a NAME`): the layer is part of what
   * it does, so the words as written are judged whole, not from the command word on.
   */
  renamed?: true;
}

/** A file a wrapper itself touches. */
export interface FileUse {
  word: Word;
  access: PathAccess;
  /** The wrapper walks everything below it (find's starting points). */
  below?: true;
}

/**
 * Applies one wrapper grammar to `words` (where `words[0]` names the wrapper).
 *
 * INVARIANT: every path out of here that is not `inner`/`none` leaves the inner command
 * unproven; an unknown option, an ambiguous abbreviation, a computed word where the grammar
 * needs a literal, or an unsafe mode never falls through to a proven command.
 */
export function applyWrapper(
  grammar: WrapperGrammar,
  words: readonly Word[],
  input: XargsInput | null = null,
): WrapperStep {
  switch (grammar.operands.type) {
    case "find":
      return applyFind(words);
    case "fd":
      return applyFd(grammar, words);
    default:
      break;
  }
  let from = 1;
  if (grammar.operands.type === "nice") {
    const legacy = words[1];
    if (legacy?.literal && /^-[-+]?\d+$/.test(legacy.text)) from = 2;
  }
  if (grammar.operands.type === "command" && grammar.operands.leadingPositional === true) {
    const first = words[from];
    // A computed first word may or may not start with `-`: where the command starts is unknown.
    if (first !== undefined && !first.literal) {
      return { type: "unproven", layerEnd: from + 1, files: [] };
    }
    if (first !== undefined && !first.text.startsWith("-")) from++;
  }
  if (grammar.names[0] === "env") {
    // GNU env treats a lone `-` like -i.
    while (words[from]?.literal && words[from]?.text === "-") from++;
  }
  const parsed = parseOptions(words, from, grammar.options);
  if (grammar.names[0] === "env") {
    const split = envSplit(words, from, parsed.ok ? words.length : parsed.at, grammar);
    if (split !== null) return split;
  }
  if (!parsed.ok) return { type: "unproven", layerEnd: parsed.at + 1, files: [] };
  if (
    grammar.shortWords !== undefined &&
    !shortWordsHold(grammar.shortWords, words, parsed.options)
  ) {
    return { type: "unproven", layerEnd: parsed.next, files: [] };
  }
  const files = fileUses(grammar, parsed.options);
  if (grammar.names[0] === "strace") straceSeparateFiles(parsed.options, files);
  // ssh-agent makes its socket in a new folder below $TMPDIR (else /tmp) unless -a names the
  // socket; -k only kills a running agent (S25 tmp-writers, traced: `ssh-agent -s` and
  // `ssh-agent sleep 0` made /tmp/ssh-XXXXXXXXXXXX/agent.PID).
  if (
    grammar.names[0] === "ssh-agent" &&
    !parsed.options.some((option) => option.name === "a" || option.name === "k")
  ) {
    // INVARIANT: TMPDIR is the environment's: the folder is not known from the text.
    files.push({
      word: wordFromText("$TMPDIR/ssh-XXXXXXXXXXXX/agent.PID", { computed: true }),
      access: "write",
    });
  }
  if (parsed.options.some((option) => grammar.perProcessFiles?.includes(option.name))) {
    for (const file of [...files]) {
      files.push({ word: wordFromText(`${file.word.text}.*`, { glob: true }), access: "write" });
    }
  }
  // `sudo -e` is sudoedit: its operands are the files it edits (as root), not a command.
  if (
    grammar.names[0] === "sudo" &&
    parsed.options.some((option) => option.name === "e" || option.name === "edit")
  ) {
    for (const word of words.slice(parsed.next)) files.push({ word, access: "read_write" });
  }
  // `sudo -s CMD` and `sudo -i CMD` hand the command to the target user's shell as one
  // `-c` string, each character but letters, digits, `_`, `-` and `$` escaped by a backslash
  // (sudo 1.9 parse_args): that exact string is the script (a `$NAME` in it still expands).
  if (
    grammar.names[0] === "sudo" &&
    parsed.options.some((option) => /^(s|shell|i|login)$/.test(option.name)) &&
    parsed.next < words.length
  ) {
    const rest = words.slice(parsed.next);
    const script = rest.every((word) => word.literal)
      ? {
          ...joinWords(rest),
          text: rest.map((word) => word.text.replace(/[^A-Za-z0-9_$-]/g, "\\$&")).join(" "),
        }
      : null;
    return { type: "script", layerEnd: words.length, script, files };
  }
  const folders = parsed.options.flatMap((option) =>
    grammar.chdir?.includes(option.name) === true && option.value !== null
      ? [typeof option.value === "string" ? wordFromText(option.value) : option.value]
      : [],
  );
  const unsafe = parsed.options.filter(
    (option) =>
      (grammar.unsafe?.includes(option.name) && grammar.chdir?.includes(option.name) !== true) ||
      grammar.unsafeValues?.[option.name]?.test(valueText(option.value) ?? "") === true,
  );
  // `--help` and `--version` print and exit where getopt meets them: nothing else runs. Not
  // with another unsafe option: `env -S 'rm x' --version` hands getopt `rm` first and runs it.
  if (unsafe.length > 0 && unsafe.every((option) => PRINTS_AND_EXITS.has(option.name))) {
    return { type: "none", files };
  }
  if (unsafe.length > 0) return { type: "unproven", layerEnd: parsed.next, files };
  if (parsed.options.some((option) => grammar.query?.includes(option.name))) {
    return { type: "none", files };
  }
  let next = parsed.next;
  const shape = grammar.operands;
  if (grammar.optionsAfterCommand === true && words[next - 1]?.text !== "--") {
    // A word only known at run time may be one too (`npm exec node a.js "${u:---require}"`).
    const later = words
      .slice(next + 1)
      .findIndex(
        (word) =>
          word.text.startsWith("-") || (!word.literal && (mayBeOption(word) || mayBeSeveral(word))),
      );
    if (later !== -1) return { type: "unproven", layerEnd: next + 2 + later, files };
  }
  if (grammar.shellWords === true) {
    const rest = words.slice(next);
    const plain = rest.every(
      (word, i) =>
        word.literal && SHELL_PLAIN.test(word.text) && (i > 0 || !word.text.includes("=")),
    );
    if (!plain) return { type: "unproven", layerEnd: words.length, files };
  }
  switch (shape.type) {
    case "command": {
      if (
        shape.after !== undefined &&
        !parsed.options.some((option) => shape.after?.includes(option.name))
      ) {
        return { type: "none", files };
      }
      const step = argv0Dispatch(
        grammar,
        parsed.options,
        words,
        commandAfter(words, next, shape, files),
      );
      const only =
        step.type === "inner" && words.length === step.layerEnd + 1
          ? words[step.layerEnd]
          : undefined;
      if (
        shape.perlExec === true &&
        only !== undefined &&
        /[\s$&*(){}[\]'";\\|?<>~`]/.test(only.text)
      ) {
        return {
          type: "script",
          layerEnd: words.length,
          script: only.literal ? only : null,
          files,
        };
      }
      // env and sudo keep the last folder they are given (`env -C a -C b` runs in b).
      const folder = folders[folders.length - 1];
      return step.type === "inner" && folder !== undefined ? { ...step, chdir: [folder] } : step;
    }
    case "nice":
      return commandAfter(words, next, { type: "command", required: false }, files);
    case "xargs": {
      const placeholders = xargsPlaceholders(parsed.options);
      if (next < words.length && !(words[next] as Word).literal) {
        return { type: "unproven", layerEnd: next + 1, files };
      }
      const known = input === null ? null : xargsInput(parsed.options, words.slice(next), input);
      if (known !== null) {
        const commands = known.map((command) => ({
          ...command,
          start: next,
          end: words.length,
          layerEnd: next,
        }));
        return { type: "inner", layerEnd: next, commands, files, placeholders: [], exact: true };
      }
      // echo (the default), true and false only print or ignore what they are given: the
      // words read from stdin change no file and no program (`xargs -n1 echo < list`).
      const program = words[next];
      const printsOnly =
        program === undefined || (program.literal && /^(echo|true|false)$/.test(program.text));
      return {
        type: "inner",
        layerEnd: next,
        commands: [{ start: next, end: words.length, layerEnd: next }],
        files,
        placeholders,
        fallback: "echo",
        ...(printsOnly ? { exact: true } : {}),
      };
    }
    case "watch": {
      if (next >= words.length) return { type: "unproven", layerEnd: next, files };
      if (parsed.options.some((option) => option.name === "x" || option.name === "exec")) {
        return commandAfter(words, next, { type: "command", required: true }, files);
      }
      const rest = words.slice(next);
      const script = rest.every((word) => word.literal) ? joinWords(rest) : null;
      return { type: "script", layerEnd: words.length, script, files };
    }
    case "flock": {
      const lock = words[next];
      if (lock === undefined || !lock.literal) {
        return { type: "unproven", layerEnd: next + 1, files };
      }
      if (!/^\d+$/.test(lock.text)) files.push({ word: lock, access: "read_write" });
      next++;
      const flag = words[next];
      if (flag?.literal && (flag.text === "-c" || flag.text === "--command")) {
        const script = words[next + 1];
        if (script === undefined || words.length !== next + 2) {
          return { type: "unproven", layerEnd: words.length, files };
        }
        return {
          type: "script",
          layerEnd: words.length,
          script: script.literal ? script : null,
          files,
        };
      }
      return commandAfter(words, next, { type: "command", required: false }, files);
    }
  }
}

/** Shells that start as login shells (reading the profile files) when argv[0] starts with `-`. */
const LOGIN_SHELLS = /^(?:sh|bash|dash|zsh|ksh|mksh|ash|yash|posh|rbash)$/;

/**
 * The command of a wrapper that sets argv[0] (see {@link WrapperGrammar.argv0}), judged also
 * as started under that name: `exec -a git-push git status` runs git's push (git.c dispatches
 * on a `git-` argv[0]), `exec -a linux64 setarch git push` runs setarch as `linux64`, whose
 * first operand is the command. The name's last path segment is what a program compares; a
 * `-` in front makes a shell a login shell (`-l`). A computed name is not proven.
 */
function argv0Dispatch(
  grammar: WrapperGrammar,
  options: readonly ParsedOption[],
  words: readonly Word[],
  step: WrapperStep,
): WrapperStep {
  const spec = grammar.argv0;
  if (spec === undefined || step.type !== "inner") return step;
  const named = options.filter((option) => spec.name.includes(option.name)).at(-1);
  const login = options.some((option) => spec.login.includes(option.name));
  if (named === undefined && !login) return step;
  const first = step.commands[0];
  const program = first === undefined ? undefined : words[first.start];
  if (first === undefined || program === undefined || !program.literal) return step;
  if (named !== undefined && typeof named.value !== "string" && named.value?.literal !== true) {
    return { type: "unproven", layerEnd: first.start, files: step.files };
  }
  const given = named === undefined ? program.text : (valueText(named.value) ?? "");
  let name = given.slice(given.lastIndexOf("/") + 1);
  const dashed = login || name.startsWith("-");
  name = name.replace(/^-+/, "");
  const base = program.text.slice(program.text.lastIndexOf("/") + 1);
  if (name === "" || (name === base && !dashed)) return step;
  const loginFlag = dashed && LOGIN_SHELLS.test(name) ? [wordFromText("-l")] : [];
  if (name === base && loginFlag.length === 0) return step;
  const dispatched = [wordFromText(name), ...loginFlag, ...words.slice(first.start + 1, first.end)];
  return {
    ...step,
    commands: [...step.commands, { ...first, words: dispatched, renamed: true }],
  };
}

/** A word any shell reads as itself: nothing to split, quote, expand or glob. */
const SHELL_PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

const SPLIT_OPTIONS: ReadonlySet<string> = new Set(["S", "split-string"]);

/**
 * GNU env's `-S STRING`: env splits STRING into words, puts them in place of the option and
 * reads its arguments again from there (coreutils env.c, parse_split_string), so
 * `env -S'git push' origin main` runs `git push origin main`. The options before the first
 * `-S` stay in front; reading them twice changes nothing, as every option that could
 * (`-C`, `-a`, `-0`) leaves the command unproven anyway.
 *
 * @param end - where the option words end (a computed word stops getopt there)
 * @returns null when there is no `-S` before `end`, or what follows cannot be proven here
 */
function envSplit(
  words: readonly Word[],
  from: number,
  end: number,
  grammar: WrapperGrammar,
): WrapperStep | null {
  // Cheap literal test first: only a word spelling -S or --s… can split.
  let candidate = false;
  for (let i = from; i < end && !candidate; i++) {
    const text = (words[i] as Word).text;
    candidate =
      text.startsWith("--s") || (text[0] === "-" && text[1] !== "-" && text.includes("S"));
  }
  if (!candidate) return null;
  const parsed = parseOptions(words.slice(0, end), from, grammar.options);
  if (!parsed.ok) return null;
  const first = parsed.options.findIndex((option) => SPLIT_OPTIONS.has(option.name));
  const option = parsed.options[first];
  if (option === undefined || option.at === undefined) return null;
  const before = parsed.options.slice(0, first);
  if (before.some((earlier) => grammar.unsafe?.includes(earlier.name))) return null;
  const value = valueText(option.value);
  const split = value === null ? null : splitEnvString(value);
  if (split === null) return { type: "unproven", layerEnd: option.at + 1, files: [] };
  const word = words[option.at] as Word;
  const after = option.at + (typeof option.value === "string" ? 1 : 2);
  const rewritten: Word[] = [...words.slice(0, option.at)];
  // Short options clustered before S (`-iS…`) were read already; keep them as written.
  if (!word.text.startsWith("--") && word.text.indexOf("S") > 1) {
    rewritten.push(wordFromText(word.text.slice(0, word.text.indexOf("S"))));
  }
  for (const text of split) rewritten.push(wordFromText(text));
  rewritten.push(...words.slice(after));
  return { type: "rewrite", layerEnd: after, words: rewritten, files: [] };
}

/** What a backslash pair stands for in an env -S string (`\\_` aside). */
const ENV_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "#": "#",
  $: "$",
  "'": "'",
  "\\": "\\",
  _: " ",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * The words GNU env's `-S` makes of a string (coreutils env.c, build_argv): blanks separate,
 * single and double quotes group, a `#` starting a word ends the string, backslash escapes
 * (`\_` separates outside double quotes, `\c` ends the string). `${NAME}` takes a value
 * from the environment, which the text does not show: null, as for every string env
 * refuses.
 */
export function splitEnvString(text: string): string[] | null {
  const out: string[] = [];
  let current = "";
  let started = false;
  let separated = true;
  let single = false;
  let double = false;
  const begin = () => {
    if (separated) {
      if (started) out.push(current);
      current = "";
      started = true;
      separated = false;
    }
  };
  for (let i = 0; i < text.length; i++) {
    let c = text[i] as string;
    if (c === "'" && !double) {
      single = !single;
      begin();
      continue;
    }
    if (c === '"' && !single) {
      double = !double;
      begin();
      continue;
    }
    if (/[ \t\n\v\f\r]/.test(c) && !single && !double) {
      separated = true;
      continue;
    }
    if (c === "#" && separated) break;
    if (c === "\\" && !(single && text[i + 1] !== "\\" && text[i + 1] !== "'")) {
      const next = text[++i];
      if (next === undefined) return null;
      if (next === "_" && !double) {
        separated = true;
        continue;
      }
      if (next === "c") {
        if (double) return null;
        break;
      }
      const value = ENV_ESCAPES[next];
      if (value === undefined) return null;
      c = value;
    } else if (c === "$" && !single) {
      return null;
    }
    begin();
    current += c;
  }
  if (single || double) return null;
  if (started) out.push(current);
  return out;
}

function commandAfter(
  words: readonly Word[],
  from: number,
  shape: Extract<OperandShape, { type: "command" }>,
  files: FileUse[],
): WrapperStep {
  let next = from;
  for (let k = 0; k < (shape.positionals ?? 0); k++) {
    const positional = words[next];
    if (positional === undefined) return { type: "unproven", layerEnd: next, files };
    if (positional.splittable) return { type: "unproven", layerEnd: next + 1, files };
    if (shape.positionalAccess !== undefined) {
      files.push({ word: positional, access: shape.positionalAccess });
    }
    next++;
  }
  if (shape.assignments) {
    const any = shape.assignments === "any";
    while (next < words.length && isAssignmentWord(words[next] as Word, any)) next++;
  }
  if (next >= words.length && shape.shell !== undefined) {
    const shell = shape.shell.map((text) => wordFromText(text));
    const command = { start: next, end: next, layerEnd: next, words: shell };
    return { type: "inner", layerEnd: next, commands: [command], files, placeholders: [] };
  }
  if (next >= words.length) {
    return shape.required ? { type: "unproven", layerEnd: next, files } : { type: "none", files };
  }
  return {
    type: "inner",
    layerEnd: next,
    commands: [{ start: next, end: words.length, layerEnd: next }],
    files,
    placeholders: [],
  };
}

/**
 * `NAME=value` that stays one word. `env` (and sudo) take any word holding `=` before the
 * command as a variable to set, whatever its name (`BASH_FUNC_ls%%=() { …; }` defines a
 * function for a child bash), so such a word is never the command.
 */
export function isAssignmentWord(word: Word, anyEquals = false): boolean {
  return (anyEquals ? word.text.includes("=") : /^[^=]+=/.test(word.text)) && !word.splittable;
}

/**
 * Whether each short option stands as the tool's own loop reads it: alone in its word, or
 * (`attached`) with at most its value attached, never clustered with another.
 */
function shortWordsHold(
  mode: "alone" | "attached",
  words: readonly Word[],
  options: readonly ParsedOption[],
): boolean {
  const perWord = new Map<number, number>();
  for (const option of options) {
    if (option.at === undefined) continue;
    const text = (words[option.at] as Word).text;
    if (text.startsWith("--")) continue;
    perWord.set(option.at, (perWord.get(option.at) ?? 0) + 1);
    if (mode === "alone" && text.length > 2) return false;
  }
  return [...perWord.values()].every((count) => count === 1);
}

function fileUses(grammar: WrapperGrammar, options: readonly ParsedOption[]): FileUse[] {
  const files: FileUse[] = [];
  for (const option of options) {
    const access = grammar.fileOptions?.[option.name];
    if (access === undefined || option.value === null) continue;
    const value = option.value;
    // An attached value (`-afile`, `--arg-file=file`) is the rest of a literal option word.
    const word = typeof value === "string" ? wordFromText(value) : value;
    files.push({ word, access });
    // A value the wrapper expands itself (`npx --prefix '~/' x`): see own-expansions.ts.
    for (const use of ownExpandedOptionUses(grammar.names[0] ?? "", option.name, word)) {
      files.push({ word: use.word, access: use.access, ...(use.below ? { below: true } : {}) });
    }
  }
  return files;
}

/**
 * strace `-ff` or `--output-separately` writes one FILE.PID per traced process, not FILE: the
 * names FILE.* stand for them.
 */
function straceSeparateFiles(options: readonly ParsedOption[], files: FileUse[]): void {
  const separately =
    options.some((option) => option.name === "output-separately") ||
    options.filter((option) => option.name === "f" || option.name === "follow-forks").length > 1;
  if (!separately) return;
  for (const file of [...files]) {
    files.push({ word: wordFromText(`${file.word.text}.*`, { glob: true }), access: "write" });
  }
}

function xargsPlaceholders(options: readonly ParsedOption[]): string[] {
  const out: string[] = [];
  for (const option of options) {
    if (option.name === "I") out.push(valueText(option.value) ?? "{}");
    if (option.name === "i" || option.name === "replace") out.push(valueText(option.value) ?? "{}");
  }
  return out;
}

function joinWords(words: readonly Word[]): Word {
  const first = words[0] as Word;
  const last = words[words.length - 1] as Word;
  return { ...first, text: words.map((word) => word.text).join(" "), end: last.end };
}

/** find's expression primaries that take one value (two for -fprintf). */
const FIND_VALUE_PRIMARIES = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-regextype",
  "-type",
  "-xtype",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-size",
  "-mtime",
  "-atime",
  "-ctime",
  "-mmin",
  "-amin",
  "-cmin",
  "-used",
  "-inum",
  "-links",
  "-lname",
  "-ilname",
  "-maxdepth",
  "-mindepth",
  "-printf",
  "-fstype",
  "-context",
  "-newer",
  "-anewer",
  "-cnewer",
  "-samefile",
  "-files0-from",
  "-fprint",
  "-fprint0",
  "-fls",
]);

const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const FIND_WRITES = new Set(["-fprint", "-fprint0", "-fls", "-fprintf"]);
const FIND_READS = new Set(["-newer", "-anewer", "-cnewer", "-samefile", "-files0-from"]);

/** What a find command runs and touches. */
export interface FindScan {
  starts: Word[];
  deletes: boolean;
  files: FileUse[];
  execs: { primary: number; start: number; end: number }[];
  /** A computed word where an expression token should be, or an unterminated -exec. */
  unproven: number | null;
  /** The expression's words that stand where a primary does (`-name`, `-print0`, `(`). */
  primaries: string[];
  /** Each such word with where it stands and the value it takes (`-name P`), in order. */
  tokens: FindToken[];
}

/** One word of find's expression that stands where a primary or an operator does. */
interface FindToken {
  readonly at: number;
  readonly text: string;
  /** The value of a primary that takes one (`-name`, `-mindepth`), else null. */
  readonly value: Word | null;
}

/** Reads a find command line: global options, starting points, then the expression. */
export function scanFind(words: readonly Word[]): FindScan {
  const scan: FindScan = {
    starts: [],
    deletes: false,
    files: [],
    execs: [],
    unproven: null,
    primaries: [],
    tokens: [],
  };
  let i = 1;
  // Global options: -H -L -P, -D debugopts, -Olevel.
  while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) break;
    if (/^-[HLP]+$/.test(word.text) || /^-O\d*$/.test(word.text)) i++;
    else if (word.text === "-D") i += 2;
    else break;
  }
  while (i < words.length) {
    const word = words[i] as Word;
    // An unquoted expansion could become an expression (`-exec …`): nothing after it is known.
    // So could `"${a[@]}"`, and a quoted value that starts with `-` is a primary (`-delete`).
    if (word.splittable || mayBeSeveral(word) || mayBeOption(word)) {
      scan.unproven ??= i;
      break;
    }
    if (word.literal && /^[-(!),]/.test(word.text) && word.text !== "-") break;
    if (word.literal && word.text === "--") {
      i++;
      continue;
    }
    scan.starts.push(word);
    i++;
  }
  while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) {
      scan.unproven ??= i;
      i++;
      continue;
    }
    const text = word.text;
    scan.primaries.push(text);
    scan.tokens.push({
      at: i,
      text,
      value: FIND_VALUE_PRIMARIES.has(text) ? (words[i + 1] ?? null) : null,
    });
    if (FIND_EXEC.has(text)) {
      let end = i + 1;
      while (end < words.length && !isExecTerminator(words, end, i + 1)) end++;
      if (end >= words.length || end === i + 1) {
        scan.unproven ??= i;
        break;
      }
      scan.execs.push({ primary: i, start: i + 1, end });
      i = end + 1;
      continue;
    }
    if (text === "-delete") scan.deletes = true;
    // A value only known at run time that may split is more of the expression
    // (`-name $x` with x='a -o -exec git push ;').
    const valued = FIND_VALUE_PRIMARIES.has(text) || /^-newer[acmBt][acmBt]$/.test(text);
    const values = text === "-fprintf" ? 2 : valued ? 1 : 0;
    const split = words.slice(i + 1, i + 1 + values).findIndex((value) => mayBeSeveral(value));
    if (split !== -1) {
      scan.unproven ??= i + 1 + split;
      i += 1 + values;
      continue;
    }
    if (text === "-fprintf") {
      const target = words[i + 1];
      if (target) scan.files.push({ word: target, access: "write" });
      i += 3;
      continue;
    }
    if (FIND_VALUE_PRIMARIES.has(text)) {
      const value = words[i + 1];
      if (value && FIND_WRITES.has(text)) scan.files.push({ word: value, access: "write" });
      if (value && FIND_READS.has(text)) scan.files.push({ word: value, access: "read" });
      i += 2;
      continue;
    }
    if (/^-newer[acmBt][acmBt]$/.test(text)) {
      i += 2;
      continue;
    }
    i++;
  }
  return scan;
}

function isExecTerminator(words: readonly Word[], index: number, first: number): boolean {
  const word = words[index] as Word;
  if (!word.literal) return false;
  if (word.text === ";") return true;
  // `+` ends -exec only right after a `{}` argument.
  return word.text === "+" && index > first && (words[index - 1] as Word).text === "{}";
}

function applyFind(words: readonly Word[]): WrapperStep {
  const scan = scanFind(words);
  if (scan.execs.length === 0 && scan.unproven === null) return { type: "none", files: [] };
  // find itself walks its starting points (and deletes under them with -delete).
  const starts = scan.starts.length > 0 ? scan.starts : [wordFromText(".")];
  const files: FileUse[] = [
    ...starts.map((word) => ({
      word,
      access: scan.deletes ? ("write" as const) : ("read" as const),
      below: true as const,
    })),
    ...scan.files,
  ];
  if (scan.unproven !== null) return { type: "unproven", layerEnd: scan.unproven + 1, files };
  for (const exec of scan.execs) {
    const name = words[exec.start] as Word;
    if (!name.literal) return { type: "unproven", layerEnd: exec.start + 1, files };
  }
  const first = scan.execs[0] as FindScan["execs"][number];
  const commands = findExecCommands(words, scan, starts);
  if (commands !== null) {
    return { type: "inner", layerEnd: first.start, commands, files, placeholders: [], exact: true };
  }
  return {
    type: "inner",
    layerEnd: first.start,
    commands: scan.execs.map((exec) => ({
      start: exec.start,
      end: exec.end,
      layerEnd: exec.start,
    })),
    files,
    placeholders: ["{}"],
  };
}

/** A starting point whose `{}` can be written as a glob: no pattern or expansion character. */
const PLAIN_START = /^[A-Za-z0-9._/@+,:=%-]+$/;

/** Past this many commands (execs times starting points times two) find stays floored. */
const FIND_COMMANDS = 16;

/**
 * The commands `-exec`/`-ok` run with `{}` written out, or null when they cannot be: each
 * `{}` stands for one path, the starting point itself or a path below it (find names what it
 * finds by joining the start and the names below it, and never splits or quotes a name), so
 * one command per starting point has `{}` as that start, and one has it as the glob
 * `START/**`, which the path rules read as anything below, dot-files included. Not with
 * `-execdir`/`-okdir` (the command runs in each directory, with `./NAME`), a `{}` inside a
 * longer word, a start with a pattern character, `~` or a leading `-`, or
 * `-files0-from` (the starting points come from a file).
 */
function findExecCommands(
  words: readonly Word[],
  scan: FindScan,
  starts: readonly Word[],
): InnerCommand[] | null {
  if (scan.execs.length * starts.length * 2 > FIND_COMMANDS) return null;
  if (words.some((word) => word.literal && word.text === "-files0-from")) return null;
  if (!starts.every(plainStart)) return null;
  const out: InnerCommand[] = [];
  for (const exec of scan.execs) {
    const primary = (words[exec.primary] as Word).text;
    if (primary !== "-exec" && primary !== "-ok") return null;
    const inner = words.slice(exec.start, exec.end);
    if (inner.some((word) => word.text.includes("{}") && !(word.literal && word.text === "{}"))) {
      return null;
    }
    if (!inner.some((word) => word.text === "{}")) {
      out.push({ start: exec.start, end: exec.end, layerEnd: exec.start });
      continue;
    }
    for (const stands of startVariants(starts, (start) =>
      startReaches(scan, exec.primary, start),
    )) {
      out.push({
        start: exec.start,
        end: exec.end,
        layerEnd: exec.start,
        words: inner.map((word) => (word.literal && word.text === "{}" ? stands : word)),
      });
    }
  }
  return out;
}

function plainStart(word: Word): boolean {
  return word.literal && !word.tilde && PLAIN_START.test(word.text) && !word.text.startsWith("-");
}

/**
 * What one name find prints or passes stands for, per starting point: the glob `START/**`
 * (anything below it, dot-files included, never the start itself) and the start itself when
 * `reaches` says find may hand it on.
 */
function startVariants(
  starts: readonly Word[],
  reaches: (start: Word) => boolean = () => true,
): Word[] {
  return starts.flatMap((start) => {
    const base = start.text.replace(/\/+$/, "");
    const below = wordFromText(`${base}/**`, { glob: true, start: start.start });
    below.standsBelow = start;
    below.strictlyBelow = true;
    return reaches(start) ? [below, start] : [below];
  });
}

/** find's operators: with one of them the tests before an action need not all hold. */
const FIND_OPERATORS = new Set(["(", ")", "!", "-not", "-o", "-or", ","]);

/**
 * Whether find may hand the starting point `start` itself to the action written at `action`
 * (an `-exec` or `-print0`): false only when the expression is a plain conjunction and a test
 * before the action cannot hold for it (`find . -name __pycache__ -exec rm -rf {} +`: the
 * start is named `.`), or `-mindepth` is at least 1. GNU find matches `-name` against the
 * start's last component without its trailing slashes (`.` for `.` and `./`), with no rule
 * for a leading dot, and `-path` against the start as written.
 */
function startReaches(scan: FindScan, action: number, start: Word): boolean {
  if (scan.unproven !== null) return true;
  for (const token of scan.tokens) {
    if (token.text !== "-mindepth") continue;
    const depth = token.value;
    if (depth?.literal && /^\+?0*[1-9][0-9]*$/.test(depth.text)) return false;
  }
  if (scan.tokens.some((token) => FIND_OPERATORS.has(token.text))) return true;
  const written = start.text;
  const trimmed = written.replace(/(.)\/+$/, "$1");
  const name = trimmed === "/" ? "/" : trimmed.slice(trimmed.lastIndexOf("/") + 1);
  for (const token of scan.tokens) {
    if (token.at >= action) break;
    const value = token.value;
    if (value === null || !value.literal) continue;
    const folded = /^-i/.test(token.text);
    const names = /^-i?name$/.test(token.text)
      ? [name]
      : /^-i?(?:path|wholename)$/.test(token.text)
        ? [written, trimmed]
        : null;
    if (names === null) continue;
    if (!names.some((candidate) => findPatternMayMatch(value.text, candidate, folded)))
      return false;
  }
  return true;
}

/**
 * Whether find's shell pattern (fnmatch without a rule for `/` or a leading `.`) may match
 * `text`: only a pattern of `*`, `?`, escaped and plain characters is decided; one with a
 * bracket class may match anything.
 */
function findPatternMayMatch(pattern: string, text: string, folded: boolean): boolean {
  if (pattern.includes("[")) return true;
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\" && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] as string);
    else if (c === "*") source += "[^]*";
    else if (c === "?") source += "[^]";
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, folded ? "iu" : "u").test(text);
}

function escapeRegExp(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}

/** find's primaries that print, or print somewhere else, or run a command. */
const FIND_OUTPUTS = new Set([
  "-print",
  "-printf",
  "-fprint",
  "-fprint0",
  "-fprintf",
  "-ls",
  "-fls",
  "-files0-from",
  ...FIND_EXEC,
]);

/**
 * The starting points of a find whose whole output is its `-print0` list (each name a path
 * that is a start or lies below it, ended by a NUL, never split or quoted), or null: another
 * printing primary, a start with a pattern character, `~` or a leading `-`, or a computed word.
 */
export function findPrint0Starts(words: readonly Word[]): Print0Starts | null {
  const scan = scanFind(words);
  if (scan.unproven !== null || scan.execs.length > 0) return null;
  const print0 = scan.tokens.find((token) => token.text === "-print0");
  if (print0 === undefined) return null;
  if (scan.primaries.some((primary) => FIND_OUTPUTS.has(primary))) return null;
  const starts = scan.starts.length > 0 ? scan.starts : [wordFromText(".")];
  if (starts.length > XARGS_STARTS || !starts.every(plainStart)) return null;
  return { starts, handed: starts.map((start) => startReaches(scan, print0.at, start)) };
}

/** The starting points of a `find … -print0` list, and whether each may be in it itself. */
export interface Print0Starts {
  starts: Word[];
  handed: boolean[];
}

/** Past this many starting points, find's list given to xargs stays unknown. */
const XARGS_STARTS = 8;

/** What arrives on xargs's stdin, when the walk can prove it (see {@link xargsInput}). */
export type XargsInput =
  /** The exact text of a literal producer (`echo a b`, `seq 3`). */
  | { type: "text"; text: string }
  /**
   * `find START… -print0`: NUL-ended paths, each below a start or (where `handed` says so)
   * the start itself.
   */
  | { type: "paths0"; starts: Word[]; handed: boolean[] };

/** Options that change neither how xargs reads its input nor how it groups the words. */
const XARGS_PLAIN = new Set([
  "r",
  "no-run-if-empty",
  "t",
  "verbose",
  "P",
  "max-procs",
  "x",
  "exit",
  "o",
  "open-tty",
  "p",
  "interactive",
  "process-slot-var",
]);

/** Options that only group the names of a NUL-ended list into more commands. */
const XARGS_GROUPING = new Set(["n", "max-args", "s", "max-chars"]);

/** Past this length a literal input may be split over several commands by xargs's limit. */
const XARGS_TEXT = 2048;

/**
 * The command xargs runs with the words its input gives, when the input is known: a literal
 * text, split on blanks as xargs splits it (a quote, a backslash or any character outside a
 * plain set leaves it unknown), all in one command (no option that groups or reads the input
 * otherwise), or find's `-print0` list read with `-0`, each name one word standing for its
 * start or a path below it (any number of commands, each with some of the names).
 */
function xargsInput(
  options: readonly ParsedOption[],
  command: readonly Word[],
  input: XargsInput,
): InnerCommand[] | null {
  const names = options.map((option) => option.name);
  const replaces = options.filter((option) => REPLACE.has(option.name));
  if (replaces.length > 1) return null;
  const replace = replaces[0];
  const placeholder = replace === undefined ? null : (valueText(replace.value) ?? "{}");
  if (placeholder === "") return null;
  const inner = command.length > 0 ? [...command] : [wordFromText("echo")];
  // With -I each item goes where the placeholder stands, in any word: one command per item.
  const put = (item: Word): Word[] | null => {
    if (placeholder === null) return [...inner, item];
    const out: Word[] = [];
    for (const word of inner) {
      if (!word.literal || !word.text.includes(placeholder)) out.push(word);
      else if (word.text === placeholder) out.push(item);
      else if (item.literal) out.push(wordFromText(word.text.split(placeholder).join(item.text)));
      else return null;
    }
    return out;
  };
  const plain = (name: string) => XARGS_PLAIN.has(name) || REPLACE.has(name);
  const command0 = (words: Word[]): InnerCommand => ({ start: 0, end: 0, layerEnd: 0, words });
  if (input.type === "text") {
    const groups = options.filter((option) => XARGS_TEXT_GROUPING.has(option.name));
    if (!names.every((name) => plain(name) || XARGS_TEXT_GROUPING.has(name))) return null;
    // -n and -L override each other (and -I either): one of them, alone, is spelled out.
    if (groups.length > 1 || (groups.length > 0 && placeholder !== null)) return null;
    if (input.text.length > XARGS_TEXT || !/^[A-Za-z0-9._/@+,:=%\t\n -]*$/.test(input.text))
      return null;
    if (placeholder === null) {
      const chunks = textChunks(input.text, groups[0]);
      if (chunks === null) return null;
      return chunks.map((added) =>
        command0([...inner, ...added.map((text) => wordFromText(text))]),
      );
    }
    // Each line is one item; a blank in one is kept (-I), which is spelled out here only
    // when no line holds one.
    const lines = input.text.split("\n");
    if (lines.pop() !== "" || lines.length > XARGS_LINES) return null;
    if (!lines.every((line) => /^[^ \t]+$/.test(line))) return null;
    const out: InnerCommand[] = [];
    for (const line of lines) {
      const words = put(wordFromText(line));
      if (words === null) return null;
      out.push(command0(words));
    }
    return out;
  }
  if (!names.some((name) => name === "0" || name === "null")) return null;
  const ok = (name: string) =>
    name === "0" ||
    name === "null" ||
    plain(name) ||
    (replace === undefined && XARGS_GROUPING.has(name));
  if (!names.every(ok)) return null;
  const out: InnerCommand[] = [];
  const handed = (start: Word) => input.handed[input.starts.indexOf(start)] ?? true;
  for (const stands of startVariants(input.starts, handed)) {
    const words = put(stands);
    if (words === null) return null;
    out.push(command0(words));
  }
  return out;
}

/** Options that split a literal text's words over several commands (see {@link textChunks}). */
const XARGS_TEXT_GROUPING: ReadonlySet<string> = new Set(["n", "max-args", "L", "l", "max-lines"]);

/** Past this many commands a grouped literal text is not spelled out. */
const XARGS_CHUNKS = 64;

/**
 * The words of each command xargs runs for a literal text (quotes, backslashes and other
 * special characters already refused): all in one, or with `-n N` N words per command, or with
 * `-L N` (`-l`, `--max-lines`, 1 by default there) the words of N non-blank lines per command,
 * a line ending in a blank going on with the next. Empty input still runs the command once
 * (GNU xargs without -r). null where the count is not a plain number or the commands too many.
 */
function textChunks(text: string, group: ParsedOption | undefined): string[][] | null {
  const words = (part: string) => part.split(/[ \t\n]+/).filter((word) => word !== "");
  if (group === undefined) return [words(text)];
  const byWords = group.name === "n" || group.name === "max-args";
  // -l and --max-lines take an optional count, 1 when none is attached.
  const count = valueText(group.value) ?? (byWords || group.name === "L" ? null : "1");
  if (count === null || !/^[1-9][0-9]{0,3}$/.test(count)) return null;
  const size = Number(count);
  let items: string[][];
  if (byWords) {
    items = words(text).map((word) => [word]);
  } else {
    items = [];
    let current: string[] | null = null;
    for (const line of text.split("\n")) {
      // A blank line counts for no line, and does not end one that goes on.
      if (words(line).length === 0) continue;
      current = [...(current ?? []), ...words(line)];
      // A trailing blank continues the logical line on the next input line.
      if (!/[ \t]$/.test(line)) {
        items.push(current);
        current = null;
      }
    }
    if (current !== null && current.length > 0) items.push(current);
  }
  if (items.length === 0) return [[]];
  const out: string[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size).flat());
  return out.length > XARGS_CHUNKS ? null : out;
}

/** xargs's options that name a placeholder the items replace. */
const REPLACE: ReadonlySet<string> = new Set(["I", "i", "replace"]);

/** Past this many lines given to `xargs -I`, its commands are not spelled out one by one. */
const XARGS_LINES = 16;

function applyFd(grammar: WrapperGrammar, words: readonly Word[]): WrapperStep {
  const reading = readFd(grammar, words);
  if (!reading.ok) {
    return { type: "unproven", layerEnd: reading.at + 1, files: fdSearchPaths(words) };
  }
  const { line } = reading;
  // Without an exec option fd only lists files (its paths are the program's, paths.ts).
  if (line.execs.length === 0) return { type: "none", files: [] };
  const first = line.execs[0] as InnerCommand;
  const files = fdSearchPaths(words);
  const folders = grammar.chdir ?? [];
  if (line.names.some((name) => grammar.unsafe?.includes(name) && !folders.includes(name))) {
    return { type: "unproven", layerEnd: first.layerEnd, files };
  }
  for (const exec of line.execs) {
    const name = exec.words?.[0] ?? words[exec.start];
    if (name === undefined || !name.literal) {
      return { type: "unproven", layerEnd: exec.layerEnd + 1, files };
    }
  }
  // `--base-directory DIR` (`-C DIR`): fd runs its commands in DIR, as `env -C` does.
  const base = fdBase(grammar, line);
  return {
    type: "inner",
    layerEnd: first.layerEnd,
    commands: line.execs,
    files,
    placeholders: ["{}", "{/}", "{//}", "{.}", "{/.}"],
    ...(base === null ? {} : { chdir: [base] }),
  };
}

/** The folder fd enters first: the last `--base-directory` (clap keeps the last one). */
function fdBase(grammar: WrapperGrammar, line: FdLine): Word | null {
  const folders = grammar.chdir ?? [];
  return line.values.filter((value) => folders.includes(value.name)).at(-1)?.word ?? null;
}

/**
 * The files and folders fd opens: its search paths (the positional words after the pattern,
 * the `--search-path` values, the working directory when neither is given) and the files
 * its options name (`--ignore-file`), each below the `--base-directory` fd enters first.
 * Where its words cannot be read every word but an option's name is one (unproven anyway).
 */
export function fdSearchPaths(words: readonly Word[]): FileUse[] {
  const grammar = wrapperFor("fd") as WrapperGrammar;
  const reading = readFd(grammar, words);
  if (!reading.ok) {
    return words
      .slice(1)
      .flatMap((word) => {
        if (!word.literal || !word.text.startsWith("-")) return [word];
        const eq = word.text.indexOf("=");
        return eq === -1 ? [] : [valueWord(word, eq + 1)];
      })
      .map((word) => ({ word, access: "read" }));
  }
  const { line } = reading;
  const base = fdBase(grammar, line);
  const named = line.values.filter((value) => Object.hasOwn(grammar.fileOptions ?? {}, value.name));
  // The first positional word is the pattern; without a path fd searches where it runs.
  const searched = line.positionals.slice(1);
  if (searched.length === 0 && !named.some((value) => value.name === "search-path")) {
    searched.push(wordFromText("."));
  }
  return [
    ...searched.map((word) => ({ word: fdBelow(base, word), access: "read" as const })),
    ...named.map(({ name, word }) => ({
      word: fdBelow(base, word),
      access: (grammar.fileOptions as Record<string, PathAccess>)[name] as PathAccess,
    })),
  ];
}

/** A path fd opens after it entered `base`: a relative one is below it. */
function fdBelow(base: Word | null, word: Word): Word {
  if (base === null || word.text.startsWith("/") || word.tilde) return word;
  if (word.text === "." || word.text === "./") return base;
  const text = `${base.text.replace(/\/+$/, "")}/${word.text}`;
  // Either part only known at run time (or a glob) leaves the joined path unknown too.
  const known = base.literal && word.literal && base.pattern === null && word.pattern === null;
  return known ? wordFromText(text, { tilde: base.tilde }) : wordFromText(text, { computed: true });
}

/** fd's options that run a command: every word after them up to a `;` word is its argv. */
const FD_EXEC: ReadonlySet<string> = new Set(["x", "X", "exec", "exec-batch"]);

/** fd's command line as its clap parser reads it (see {@link readFd}). */
interface FdLine {
  /** The commands `-x`/`-X` run, in order. */
  execs: InnerCommand[];
  /** Positional words: the pattern, then the search paths. */
  positionals: Word[];
  /** Option values that are files or folders, with what fd does with them. */
  values: { name: string; word: Word }[];
  /** Names of the options given (short letters and long names as written). */
  names: string[];
}

/**
 * fd's command line read with its own grammar, the way clap reads it (S30 fd-options: the
 * hand-matched exact words `-x`, `--search-path` missed `-Hx`, `-uX`, `--search-path=DIR`
 * and the words after `--`): short options cluster and a valued letter takes the rest of its
 * word (an `=` there dropped) or the next word; a long option takes `=VALUE` or the next word,
 * spelled in full (clap infers no abbreviation: fd 8.6 rejects `--search-p`, traced); `--`
 * makes every later word positional; options may follow positionals. `-x`/`-X` take every
 * later word up to a `;` word (a `--` among them included) as a command, or the one word an
 * attached value gives (`-xecho b` runs echo, `b` is the pattern: traced), and may be given
 * again after the `;`, each one run. A failed reading is unproven: an option the table lacks
 * (fd itself refuses it), or a word only known at run time that may be an option, may split
 * into several words, or may be the `;` that ends a command.
 */
function readFd(
  grammar: WrapperGrammar,
  words: readonly Word[],
): { ok: true; line: FdLine } | { ok: false; at: number; line: FdLine } {
  const line: FdLine = { execs: [], positionals: [], values: [], names: [] };
  const long = grammar.options.long ?? {};
  const paths = grammar.fileOptions ?? {};
  const folders = grammar.chdir ?? [];
  const fail = (at: number) => ({ ok: false as const, at, line });
  // The value of an option that names a file or a folder, kept with that option's name.
  const note = (name: string, word: Word) => {
    if (Object.hasOwn(paths, name) || folders.includes(name)) line.values.push({ name, word });
  };
  // The command an exec option runs from `from` on: up to a `;` word, which it eats.
  const command = (from: number): number => {
    let end = from;
    while (end < words.length) {
      const word = words[end] as Word;
      if (word.literal && word.text === ";") break;
      // A word only known at run time may be `;` (or split into one): where the command ends
      // and fd's own words start again is not known.
      if (mayBeSemicolon(word)) return -1;
      end++;
    }
    if (end === from) return -1;
    line.execs.push({ start: from, end, layerEnd: from });
    return end + 1;
  };
  let positional = false;
  let i = 1;
  while (i < words.length) {
    const word = words[i] as Word;
    const text = word.text;
    if (positional) {
      if (!word.literal && mayBeSeveral(word)) return fail(i);
      line.positionals.push(word);
      i++;
      continue;
    }
    if (!word.literal) {
      // `--exclude="$x"`, `-e"$x"`: a value only known at run time glued to an option its
      // written start fixes, one that neither runs a command nor names a path.
      if (!mayBeSeveral(word) && fdFixedValue(grammar, word)) {
        i++;
        continue;
      }
      // `--search-path="$d"` names a folder only known at run time; `"$p"` may be
      // `--exec=sh`, `$p` several words: none is read.
      if (text.startsWith("-") || mayBeOption(word) || mayBeSeveral(word)) return fail(i);
      line.positionals.push(word);
      i++;
      continue;
    }
    if (text === "--") {
      positional = true;
      i++;
      continue;
    }
    if (!text.startsWith("-") || text === "-") {
      line.positionals.push(word);
      i++;
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const name = text.slice(2, eq === -1 ? undefined : eq);
      const arity = Object.hasOwn(long, name) ? long[name] : undefined;
      if (arity === undefined || name === "") return fail(i);
      line.names.push(name);
      if (arity === "none") {
        if (eq !== -1) return fail(i);
        i++;
        continue;
      }
      if (eq !== -1) {
        const value = valueWord(word, eq + 1);
        if (FD_EXEC.has(name))
          line.execs.push({ start: i + 1, end: i + 1, layerEnd: i + 1, words: [value] });
        else note(name, value);
        i++;
        continue;
      }
      // Clap takes a value only with `=` where it is optional (`--hyperlink`).
      if (arity === "optional") {
        i++;
        continue;
      }
      if (FD_EXEC.has(name)) {
        const next = command(i + 1);
        if (next === -1) return fail(i + 1);
        i = next;
        continue;
      }
      const value = words[i + 1];
      if (value === undefined || (!value.literal && mayBeSeveral(value))) return fail(i + 1);
      note(name, value);
      i += 2;
      continue;
    }
    let next = i + 1;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      const arity = shortArity(grammar.options.short, letter);
      if (arity === null) return fail(i);
      line.names.push(letter);
      if (arity === "none") continue;
      if (k + 1 < text.length) {
        // Clap drops an `=` between a short option and its attached value (`-x=echo`).
        const value = valueWord(word, text[k + 1] === "=" ? k + 2 : k + 1);
        if (FD_EXEC.has(letter))
          line.execs.push({ start: i + 1, end: i + 1, layerEnd: i + 1, words: [value] });
        else note(letter, value);
        break;
      }
      if (FD_EXEC.has(letter)) {
        next = command(i + 1);
        if (next === -1) return fail(i + 1);
        break;
      }
      const value = words[i + 1];
      if (value === undefined || (!value.literal && mayBeSeveral(value))) return fail(i + 1);
      note(letter, value);
      next = i + 2;
    }
    i = next;
  }
  return { ok: true, line };
}

/**
 * Whether a word only known at run time is one fd option with its value glued on, the option
 * fixed by the word's written start (`--exclude=`, `-e`), that neither runs a command nor
 * names a file or folder: the unknown value changes nothing fd runs or opens.
 */
function fdFixedValue(grammar: WrapperGrammar, word: Word): boolean {
  const first = word.pieces?.[0];
  if (first === undefined || first.kind === "expansion") return false;
  const long = /^--([^=]+)=/.exec(first.text)?.[1];
  const short = /^-([^-])/.exec(first.text)?.[1];
  const name = long ?? short;
  if (name === undefined) return false;
  const arity =
    long === undefined
      ? shortArity(grammar.options.short, name)
      : Object.hasOwn(grammar.options.long ?? {}, name)
        ? grammar.options.long?.[name]
        : null;
  return (
    arity === "required" &&
    !FD_EXEC.has(name) &&
    !Object.hasOwn(grammar.fileOptions ?? {}, name) &&
    !(grammar.chdir ?? []).includes(name)
  );
}

/** Whether a word only known at run time may be the `;` that ends an fd command. */
function mayBeSemicolon(word: Word): boolean {
  if (word.literal || !unknownValue(word)) return false;
  if (mayBeSeveral(word)) return true;
  const written = (word.pieces ?? [])
    .filter((piece) => piece.kind !== "expansion")
    .map((piece) => piece.text)
    .join("");
  return written === "" || written === ";";
}

/**
 * The value glued to an option word from `from` on (`--ignore-file=x`, `-C/tmp`), as a word of
 * its own. bash expands no `~` there (the word is no assignment): fd gets it as written.
 */
function valueWord(word: Word, from: number): Word {
  const text = word.text.slice(from);
  return {
    ...word,
    text,
    tilde: false,
    pattern: word.pattern === null ? null : word.pattern.slice(from),
    leadingVariable: null,
  };
}
