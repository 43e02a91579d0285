import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";

/** The working directory every command runs in, inside the sandbox (the corpus uses the same). */
export const FIXTURE_CWD = "/repo";
/** The home directory every command runs with, inside the sandbox. */
export const FIXTURE_HOME = "/home/user";
/**
 * The unprivileged user the command runs as. A high id that no account on the host is likely
 * to have, so the sandbox never shares a process limit or a file owner with anyone else.
 */
export const FIXTURE_UID = 64321;
export const FIXTURE_USER = "user";

/**
 * The files every command starts with: the secrets and project files the generator's words
 * point at. `/repo` is also a git repository with one commit (README.md, src/, .gitignore).
 */
export const FIXTURE_FILES: Readonly<Record<string, string>> = {
  "/repo/.env": "API_KEY=fixture-secret\n",
  "/repo/.env.local": "LOCAL_KEY=fixture-local\n",
  "/repo/README.md": "# fixture\nhello from the fixture\n",
  "/repo/src/a.ts": "export const a = 1;\n",
  "/repo/src/b.ts": "export const b = 2;\n",
  "/repo/build/out.js": "console.log('built');\n",
  "/repo/.gitignore": ".env\n.env.local\nbuild/\n",
  "/home/user/.ssh/id_rsa": "-----BEGIN FIXTURE PRIVATE KEY-----\n",
  "/home/user/.ssh/config": "Host *\n  IdentityFile ~/.ssh/id_rsa\n",
  "/home/user/.aws/credentials": "[default]\naws_access_key_id = FIXTURE\n",
  "/home/user/.gitconfig":
    "[user]\n\tname = Fixture\n\temail = fixture@example.invalid\n[init]\n\tdefaultBranch = main\n[core]\n\tpager = cat\n",
  "/home/user/notes.txt": "notes\n",
};

/** One entry of the fixture template: a directory or a file with its content and mode. */
export interface TemplateEntry {
  /** Absolute path inside the sandbox (`/repo/src/a.ts`). */
  path: string;
  kind: "dir" | "file";
  mode: number;
  content?: Buffer;
}

/** The directories reset before each command (the fixture roots and /tmp). */
export const FIXTURE_ROOTS = [FIXTURE_CWD, FIXTURE_HOME] as const;

/**
 * Builds the fixture once on the host (the git repository with a real `git init` and commit)
 * and returns it as an in-memory list, which is what each reset writes back.
 */
export function buildTemplate(): TemplateEntry[] {
  const scratch = mkdtempSync(join(tmpdir(), "bash-oracle-template-"));
  try {
    for (const [path, content] of Object.entries(FIXTURE_FILES)) {
      const target = join(scratch, path);
      mkdirSync(posix.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    const repo = join(scratch, FIXTURE_CWD);
    // No system or user config from the host may shape the fixture repository.
    const env = {
      PATH: "/usr/bin:/bin",
      HOME: join(scratch, FIXTURE_HOME),
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_DATE: "2024-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: "2024-01-01T00:00:00Z",
    };
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: repo, env, stdio: ["ignore", "ignore", "pipe"] });
    git("init", "-q", "--template=", "-b", "main");
    git("add", "README.md", "src", ".gitignore");
    git("commit", "-q", "-m", "fixture");
    // Fewer files to rewrite before each command: one pack instead of loose objects, no reflogs.
    git("repack", "-a", "-d", "-q");
    git("prune-packed");
    rmSync(join(repo, ".git", "logs"), { recursive: true, force: true });
    rmSync(join(repo, ".git", "COMMIT_EDITMSG"), { force: true });
    const entries: TemplateEntry[] = [];
    for (const root of FIXTURE_ROOTS) collect(scratch, root, entries);
    return entries;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function collect(scratch: string, dir: string, into: TemplateEntry[]): void {
  for (const entry of readdirSync(join(scratch, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      into.push({ path, kind: "dir", mode: 0o755 });
      collect(scratch, path, into);
    } else if (entry.isFile()) {
      const secret = path.includes("/.ssh/") || path.includes("/.aws/");
      into.push({
        path,
        kind: "file",
        mode: secret ? 0o600 : 0o644,
        content: readFileSync(join(scratch, path)),
      });
    }
  }
}
