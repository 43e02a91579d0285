import type { BashAnalyzer } from "@pi-permission/bash";
import { GateRunner, type RunnerPolicy, SessionGrants } from "@pi-permission/gates";
import { frozenCopy } from "./frozen-copy.ts";

/**
 * Calls judged once while a session starts, so the session's first real call runs code the
 * engine has already compiled and profiled. Pi loads an extension's modules afresh in a new
 * process, on a reload and for a session in another directory, and a first call through cold
 * code costs several times a warm one (issue 18);
 * between `session_start` and the first call the model is still working, so the time is free.
 * Together they pass through the common parts of the analysis (lists, pipelines, redirects,
 * quotes, expansions, substitutions, a wrapper, git, the file programs) and of the gates (a
 * path in the project, one in the home folder, one outside, a file tool's read and write).
 */
const WARM_UP_CALLS: ReadonlyArray<{ toolName: string; input: Record<string, unknown> }> = [
  { toolName: "bash", input: { command: "git status --short && git diff HEAD -- src/index.ts" } },
  {
    toolName: "bash",
    input: {
      command: 'cat ./README.md | grep -n "TODO" > /tmp/todo.txt 2>&1; echo "$HOME" $(pwd)',
    },
  },
  {
    toolName: "bash",
    input: {
      command: "cd src && ls -la ~/.config; find . -name '*.ts' -exec wc -l {} + | tail -5",
    },
  },
  { toolName: "bash", input: { command: "npm test -- --run && rm -rf ./dist /etc/hosts" } },
  {
    toolName: "bash",
    input: {
      command: "for f in *.md; do sed -i 's/a/b/' \"$f\"; done; env FOO=1 node -e 'x' < in.txt",
    },
  },
  { toolName: "read", input: { path: "src/index.ts" } },
  { toolName: "read", input: { path: "~/.ssh/config" } },
  { toolName: "write", input: { path: "notes/out.md", content: "x\n" } },
  { toolName: "write", input: { path: "/etc/passwd", content: "x\n" } },
];

/**
 * Judge {@link WARM_UP_CALLS} once each, on the next turn of the event loop, under the session's
 * rules and the real analyzer, and throw every outcome away. Nothing leaves: no permission
 * hook runs (another extension's check must never see a call the agent did not make), the
 * runner's reporter and session grants are its own and record nothing, and an ask is
 * answered by nobody (refused at once, nothing shown). A failure is ignored: the real call
 * judges itself.
 */
export function warmUp(
  policy: () => RunnerPolicy,
  analyzer: BashAnalyzer,
  place: { cwd: string; home: string },
): void {
  const runner = new GateRunner({
    // INVARIANT: no hooks and no yolo, so nothing outside this function is consulted.
    policy: () => ({ ...policy(), hooks: [], yolo: false }),
    analyzer,
    authority: () => ({ kind: "none", ask: async () => ({ kind: "unavailable", reason: null }) }),
    // The records are copied as the log writer and the event bus copy them, then dropped.
    reporter: {
      review: (_event, details) => void frozenCopy(details),
      decision: (event) => void frozenCopy(event),
      uiPrompt: () => {},
    },
    grants: new SessionGrants(),
    mintId: () => "perm-warm-up",
  });
  setImmediate(() => {
    for (const call of WARM_UP_CALLS) {
      try {
        // A refusal or an ask settles within this turn: no authority is ever awaited.
        void runner
          .run({
            ...call,
            toolCallId: null,
            cwd: place.cwd,
            home: place.home,
            agentName: null,
            sessionId: null,
          })
          .catch(() => {});
      } catch {
        // the real call judges itself
      }
    }
  });
}
