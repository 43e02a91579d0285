// A real terminal for end-to-end tests of Pi's TUI: a detached tmux session of a fixed size
// (its own server, no status line, so the pane is exactly cols x rows) running one
// command. Tests type into it with `send-keys` and read what the terminal shows with
// `capture-pane`. Every wait polls the screen with a generous deadline and asserts nothing
// about time: a loaded 2-core machine can take seconds to start Pi.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export interface TmuxTerminal {
  /** What the terminal shows now: `rows` lines, trailing spaces removed. */
  screen(): string[];
  /** The scrollback and the screen, lines the terminal wrapped joined back (`-J`). */
  history(): string[];
  /** Keys by tmux name (`Enter`, `Escape`, `y`). */
  press(...keys: string[]): void;
  /** Text typed literally. */
  type(text: string): void;
  /** Poll the screen until `until` holds; throws with the last screen after `timeoutMs`. */
  waitFor(
    what: string,
    until: (screen: string[]) => boolean,
    timeoutMs?: number,
  ): Promise<string[]>;
  /** The pane's size as tmux reports it. */
  size(): { cols: number; rows: number };
  close(): void;
}

/** Whether tmux can be run here. */
export function hasTmux(): boolean {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Start `command` (argv) in a new tmux server of its own, `cols` x `rows`. */
export function startTmux(options: {
  dir: string;
  command: string[];
  env: Record<string, string>;
  cwd: string;
  cols: number;
  rows: number;
}): TmuxTerminal {
  // A server of the test's own, its socket in the test's folder (removed with it).
  const socket = join(options.dir, "tmux.sock");
  const conf = join(options.dir, "tmux.conf");
  // remain-on-exit keeps a crashed Pi's last screen readable for the failure message.
  writeFileSync(
    conf,
    [
      "set -g status off",
      "set -g remain-on-exit on",
      "set -g history-limit 100000",
      "set -g extended-keys on",
      "set -g escape-time 0",
    ].join("\n"),
  );
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-S", socket, "-f", conf, ...args], { encoding: "utf8" });
  const envArgs = Object.entries(options.env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  tmux(
    "new-session",
    "-d",
    "-s",
    "pi",
    "-x",
    String(options.cols),
    "-y",
    String(options.rows),
    "-c",
    options.cwd,
    ...envArgs,
    "--",
    ...options.command,
  );
  const capture = (...flags: string[]) =>
    tmux("capture-pane", "-p", "-t", "pi", ...flags)
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => line.replace(/\s+$/, ""));
  const terminal: TmuxTerminal = {
    screen: () => capture(),
    history: () => capture("-J", "-S", "-"),
    press: (...keys) => void tmux("send-keys", "-t", "pi", ...keys),
    type: (text) => void tmux("send-keys", "-t", "pi", "-l", text),
    async waitFor(what, until, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      let screen = capture();
      while (!until(screen)) {
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${what}; the screen:\n${screen.join("\n")}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
        screen = capture();
      }
      return screen;
    },
    size: () => {
      const [cols, rows] = tmux("display-message", "-p", "-t", "pi", "#{pane_width} #{pane_height}")
        .trim()
        .split(" ")
        .map(Number);
      return { cols: cols ?? 0, rows: rows ?? 0 };
    },
    close: () => {
      try {
        tmux("kill-server");
      } catch {
        // Already gone.
      }
    },
  };
  return terminal;
}
