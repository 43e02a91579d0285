import type { PromptPayload, PromptPayloadKind } from "@pi-permission/payload";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXTENSION_TAG,
  renderPolicyDenial,
  renderUnavailableDenial,
  renderUserDenial,
} from "../src/index.ts";
import { evidence, payload } from "./payloads.ts";

const T = EXTENSION_TAG;

describe("the worked examples of the renderer design (seed 000)", () => {
  it.each([
    {
      note: 'bash({"command": "rm -rf build"}) under bash: {"rm *": "deny"}',
      render: () => renderPolicyDenial(payload("bash"), null),
      expected: `${T} Denied by policy: 'bash' (rule 'rm *').`,
    },
    {
      note: 'read({"path": "/etc/passwd"}), user denies with reason "not that file"',
      render: () => renderUserDenial(payload("path"), "not that file"),
      expected: `${T} The user denied this 'path' call for tool 'read' for path '/etc/passwd' (rule '/etc/*'). Reason: not that file.`,
    },
    {
      note: 'bash cp config.yaml /etc/app/config.yaml under path: {"/etc/**": "deny"}',
      render: () =>
        renderPolicyDenial(
          payload("path", {
            request: { toolName: "bash", value: "/etc/app/config.yaml", matchedPattern: "/etc/**" },
            evidence: [evidence("full command", "cp config.yaml /etc/app/config.yaml")],
          }),
          null,
        ),
      expected: `${T} Denied by policy: 'path' for tool 'bash' for path '/etc/app/config.yaml' (rule '/etc/**').`,
    },
    {
      note: "bash diff /etc/hosts ~/.ssh/known_hosts > /tmp/out outside /repo",
      render: () => renderPolicyDenial(payload("bash_external_directory"), null),
      expected: `${T} Denied by policy: 'external_directory' for tool 'bash' (rule '*'): paths '/etc/hosts', '~/.ssh/known_hosts' are outside working directory '/repo'.`,
    },
    {
      note: "bash sudo aws s3 rm s3://bucket --recursive, user denies: the sentinel reaches the agent",
      render: () =>
        renderUserDenial(
          payload("bash", {
            request: {
              value: "sudo aws s3 rm s3://bucket --recursive",
              matchedPattern: "<indirection-bash-wrapper>",
            },
          }),
          "not with sudo",
        ),
      expected: `${T} The user denied this 'bash' call (rule '<indirection-bash-wrapper>'). Reason: not with sudo.`,
    },
    {
      note: "a 72 KB heredoc, user denies: one line, nothing echoed",
      render: () =>
        renderUserDenial(
          payload("bash", {
            request: {
              value: `cat <<'EOF' > gen.py\n${"print('generated')\n".repeat(3800)}EOF`,
              matchedPattern: "*",
            },
          }),
          null,
        ),
      expected: `${T} The user denied this 'bash' call (rule '*').`,
    },
  ])("$note", ({ render, expected }) => {
    expect(render()).toBe(expected);
  });
});

describe("every payload kind under every verdict", () => {
  const UNAVAILABLE = "requires approval, but no interactive UI is available.";
  const rows: { kind: PromptPayloadKind; policy: string; user: string; unavailable: string }[] = [
    {
      kind: "bash",
      policy: `${T} Denied by policy: 'bash' (rule 'rm *').`,
      user: `${T} The user denied this 'bash' call (rule 'rm *').`,
      unavailable: `${T} This 'bash' call (rule 'rm *') ${UNAVAILABLE}`,
    },
    {
      kind: "mcp",
      policy: `${T} Denied by policy: 'mcp' for target 'github:create_issue' (rule 'github:*').`,
      user: `${T} The user denied this 'mcp' call for target 'github:create_issue' (rule 'github:*').`,
      unavailable: `${T} This 'mcp' call for target 'github:create_issue' (rule 'github:*') ${UNAVAILABLE}`,
    },
    {
      kind: "tool",
      policy: `${T} Denied by policy: 'write' (rule 'write').`,
      user: `${T} The user denied this 'write' call (rule 'write').`,
      unavailable: `${T} This 'write' call (rule 'write') ${UNAVAILABLE}`,
    },
    {
      kind: "path",
      policy: `${T} Denied by policy: 'path' for tool 'read' for path '/etc/passwd' (rule '/etc/*').`,
      user: `${T} The user denied this 'path' call for tool 'read' for path '/etc/passwd' (rule '/etc/*').`,
      unavailable: `${T} This 'path' call for tool 'read' for path '/etc/passwd' (rule '/etc/*') ${UNAVAILABLE}`,
    },
    {
      kind: "external_directory",
      policy: `${T} Denied by policy: 'external_directory' for tool 'read' (rule '*'): path '/etc/hosts' is outside working directory '/repo'.`,
      user: `${T} The user denied this 'external_directory' call for tool 'read' (rule '*'): path '/etc/hosts' is outside working directory '/repo'.`,
      unavailable: `${T} This 'external_directory' call for tool 'read' (rule '*'): path '/etc/hosts' is outside working directory '/repo'; this call ${UNAVAILABLE}`,
    },
    {
      kind: "bash_external_directory",
      policy: `${T} Denied by policy: 'external_directory' for tool 'bash' (rule '*'): paths '/etc/hosts', '~/.ssh/known_hosts' are outside working directory '/repo'.`,
      user: `${T} The user denied this 'external_directory' call for tool 'bash' (rule '*'): paths '/etc/hosts', '~/.ssh/known_hosts' are outside working directory '/repo'.`,
      unavailable: `${T} This 'external_directory' call for tool 'bash' (rule '*'): paths '/etc/hosts', '~/.ssh/known_hosts' are outside working directory '/repo'; this call ${UNAVAILABLE}`,
    },
    {
      kind: "skill",
      policy: `${T} Denied by policy: 'skill' for skill 'librarian' (rule '*').`,
      user: `${T} The user denied this 'skill' call for skill 'librarian' (rule '*').`,
      unavailable: `${T} This 'skill' call for skill 'librarian' (rule '*') ${UNAVAILABLE}`,
    },
    {
      kind: "skill_read",
      policy: `${T} Denied by policy: 'skill' for tool 'read' for skill 'librarian' (rule '*').`,
      user: `${T} The user denied this 'skill' call for tool 'read' for skill 'librarian' (rule '*').`,
      unavailable: `${T} This 'skill' call for tool 'read' for skill 'librarian' (rule '*') ${UNAVAILABLE}`,
    },
    {
      kind: "forwarded",
      policy: `${T} Denied by policy: 'bash' (rule '*').`,
      user: `${T} The user denied this 'bash' call (rule '*').`,
      unavailable: `${T} This 'bash' call (rule '*') ${UNAVAILABLE}`,
    },
  ];

  it.each(rows)("renders a $kind ask under the policy, user and unavailable verdicts", (row) => {
    const p = payload(row.kind);
    expect({
      kind: row.kind,
      policy: renderPolicyDenial(p, null),
      user: renderUserDenial(p, null),
      unavailable: renderUnavailableDenial(p, null),
    }).toEqual(row);
  });
});

describe("the rule clause", () => {
  it.each([
    {
      sentinel: "<unparseable-bash-command>",
      note: "a command the analyzer could not parse",
    },
    { sentinel: "<opaque-bash-wrapper>", note: "bash -c, eval: code held in a string" },
    { sentinel: "<indirection-bash-wrapper>", note: "sudo, xargs: an unproven inner command" },
  ])("names the sentinel $sentinel under every verdict ($note)", ({ sentinel }) => {
    const p = payload("bash", { request: { value: "eval $CMD", matchedPattern: sentinel } });
    expect([
      renderPolicyDenial(p, null),
      renderUserDenial(p, null),
      renderUnavailableDenial(p, null),
    ]).toEqual([
      `${T} Denied by policy: 'bash' (rule '${sentinel}').`,
      `${T} The user denied this 'bash' call (rule '${sentinel}').`,
      `${T} This 'bash' call (rule '${sentinel}') requires approval, but no interactive UI is available.`,
    ]);
  });

  it("is left out when no rule matched", () => {
    const p = payload("tool", { request: { matchedPattern: null } });
    expect(renderPolicyDenial(p, null)).toBe(`${T} Denied by policy: 'write'.`);
  });
});

describe("the hook that decided", () => {
  const git = { id: "user:git", name: "Git mutations", source: "user" as const };
  const release = {
    id: "package:release-guard:publish",
    name: "Release publication",
    source: "package:release-guard" as const,
  };

  it("opens a deny with the hook's name instead of the policy", () => {
    const p = payload("bash", {
      request: { value: "git reset --hard", matchedPattern: "git reset --hard*", hook: git },
    });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by hook 'Git mutations': 'bash' (rule 'git reset --hard*').`,
    );
  });

  it("is named beside the rule when a human, or nobody, answered the hook's ask", () => {
    const p = payload("bash", {
      request: { value: "git push", matchedPattern: "git push *", hook: git },
    });
    expect([renderUserDenial(p, "not today"), renderUnavailableDenial(p, null)]).toEqual([
      `${T} The user denied this 'bash' call (rule 'git push *', hook 'Git mutations'). Reason: not today.`,
      `${T} This 'bash' call (rule 'git push *', hook 'Git mutations') requires approval, but no interactive UI is available.`,
    ]);
  });

  it("stands alone when a registered hook decided without a rule, with its reason", () => {
    const p = payload("bash", {
      request: { value: "npm publish", matchedPattern: null, hook: release },
    });
    expect([
      renderPolicyDenial(p, "publishing needs a release ticket"),
      renderUnavailableDenial(p, null),
    ]).toEqual([
      `${T} Denied by hook 'Release publication': 'bash'. Reason: publishing needs a release ticket.`,
      `${T} This 'bash' call (hook 'Release publication') requires approval, but no interactive UI is available.`,
    ]);
  });

  it("changes nothing when the payload names no hook", () => {
    const p = payload("bash", {
      request: { value: "rm -rf x", matchedPattern: "rm *", hook: null },
    });
    expect(renderPolicyDenial(p, null)).toBe(`${T} Denied by policy: 'bash' (rule 'rm *').`);
  });
});

describe("the context and alias clauses", () => {
  it.each([
    { context: "command_substitution", words: "inside command substitution" },
    { context: "process_substitution", words: "inside process substitution" },
    { context: "subshell", words: "inside subshell" },
  ] as const)("says a unit ran $words", ({ context, words }) => {
    const p = payload("bash", { request: { commandContext: context } });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'bash' (rule 'rm *') ${words}.`,
    );
  });

  it("names the alias the agent called bash by", () => {
    const p = payload("bash", { request: { invokedToolName: "exec_command" } });
    expect(renderUserDenial(p, null)).toBe(
      `${T} The user denied this 'bash' call (invoked as 'exec_command') (rule 'rm *').`,
    );
  });

  it("names the alias beside a tool that differs from the surface", () => {
    const p = payload("path", {
      request: { toolName: "bash", invokedToolName: "shell", value: "/etc/shadow" },
    });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'path' for tool 'bash' (invoked as 'shell') for path '/etc/shadow' (rule '/etc/*').`,
    );
  });

  it("does not repeat an alias equal to the tool name", () => {
    const p = payload("bash", { request: { invokedToolName: "bash" } });
    expect(renderPolicyDenial(p, null)).toBe(`${T} Denied by policy: 'bash' (rule 'rm *').`);
  });
});

describe("the reason clauses", () => {
  it.each([
    "bash",
    "mcp",
    "tool",
    "path",
    "external_directory",
    "bash_external_directory",
    "skill",
    "skill_read",
  ] as const)("carries an operator's deny-with-reason on a %s deny", (kind) => {
    const text = renderPolicyDenial(payload(kind), "pushes go through CI");
    expect(text.endsWith(". Reason: pushes go through CI.")).toBe(true);
  });

  it("carries the user's reason on a user denial", () => {
    expect(renderUserDenial(payload("skill"), "use the docs skill instead")).toBe(
      `${T} The user denied this 'skill' call for skill 'librarian' (rule '*'). Reason: use the docs skill instead.`,
    );
  });

  it("carries why no one could answer on an unavailable denial", () => {
    expect(
      renderUnavailableDenial(
        payload("bash"),
        "Session 'root' is not serving forwarded permission requests.",
      ),
    ).toBe(
      `${T} This 'bash' call (rule 'rm *') requires approval, but no interactive UI is available. Reason: Session 'root' is not serving forwarded permission requests.`,
    );
  });

  it.each([
    { reason: "too risky.", shown: "Reason: too risky.", note: "no second full stop" },
    { reason: "why?!", shown: "Reason: why?!", note: "its own punctuation kept" },
    { reason: "  not\n\tnow  ", shown: "Reason: not now.", note: "one line, single spaces" },
  ])("keeps a reason on one line ($note)", ({ reason, shown }) => {
    expect(renderUserDenial(payload("bash"), reason)).toBe(
      `${T} The user denied this 'bash' call (rule 'rm *'). ${shown}`,
    );
  });

  it.each([null, "", "   \n "])("leaves the reason out when there is none (%j)", (reason) => {
    expect(renderUserDenial(payload("bash"), reason)).toBe(
      `${T} The user denied this 'bash' call (rule 'rm *').`,
    );
  });
});

describe("the flagged element", () => {
  it("is capped at promptFieldMaxWidth, 400 columns by default, with a bare ellipsis", () => {
    const long = `/srv/${"a".repeat(600)}`;
    const text = renderPolicyDenial(payload("path", { request: { value: long } }), null);
    expect(text).toBe(
      `${T} Denied by policy: 'path' for tool 'read' for path '${long.slice(0, 399)}…' (rule '/etc/*').`,
    );
  });

  it("is capped at the width the caller passes", () => {
    const text = renderPolicyDenial(
      payload("path", { request: { value: "/home/ada/projects/secret.txt" } }),
      null,
      { fieldMaxWidth: 10 },
    );
    expect(text).toBe(
      `${T} Denied by policy: 'path' for tool 'read' for path '/home/ada…' (rule '/etc/*').`,
    );
  });

  it("measures the cap in terminal columns, so wide characters count twice", () => {
    const text = renderPolicyDenial(
      payload("path", { request: { value: "/数据/机密文件.txt" } }),
      null,
      {
        fieldMaxWidth: 8,
      },
    );
    expect(text).toBe(
      `${T} Denied by policy: 'path' for tool 'read' for path '/数据/…' (rule '/etc/*').`,
    );
  });

  it("names a long list of escaping paths as the first ones and a count", () => {
    const paths = Array.from(
      { length: 300 },
      (_, i) => `/data/shard-${String(i).padStart(3, "0")}`,
    );
    const p = payload("bash_external_directory", {
      evidence: [
        evidence("working directory", "/repo"),
        ...paths.map((x) => evidence("external path", x)),
      ],
    });
    expect(renderPolicyDenial(p, null, { fieldMaxWidth: 60 })).toBe(
      `${T} Denied by policy: 'external_directory' for tool 'bash' (rule '*'): paths '/data/shard-000', '/data/shard-001', '/data/shard-002' and 297 more are outside working directory '/repo'.`,
    );
  });

  it("stays on one line when a path holds a line break or an escape sequence", () => {
    const p = payload("path", { request: { value: "/tmp/a\nb\u001b[2Kc" } });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'path' for tool 'read' for path '/tmp/a\\nb\\x1b[2Kc' (rule '/etc/*').`,
    );
  });

  it("only claims a boundary for the external-directory kinds", () => {
    const p = payload("path", { evidence: [evidence("working directory", "/repo")] });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'path' for tool 'read' for path '/etc/passwd' (rule '/etc/*').`,
    );
  });

  it("falls back to a plain clause when the working directory is not in the evidence", () => {
    const p = payload("external_directory", { evidence: [] });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'external_directory' for tool 'read' for path '/etc/hosts' (rule '*').`,
    );
  });

  it("never falls back to the command when a bash boundary ask lists no external path", () => {
    const p = payload("bash_external_directory", {
      evidence: [evidence("working directory", "/repo")],
    });
    expect(renderPolicyDenial(p, null)).toBe(
      `${T} Denied by policy: 'external_directory' for tool 'bash' (rule '*').`,
    );
  });
});

describe("what the agent text never contains", () => {
  // The command and the tool input carry a marker no other field can hold, so any piece of
  // them that reached the text would show up as the marker.
  const MARK = "⟦";
  const plain = fc.string({ maxLength: 30 }).filter((s) => !s.includes(MARK));
  const secret = fc
    .tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }))
    .map(([a, b]) => `${a}${MARK}${b}`);
  const orders = /hard stop|do not retry|don't retry|do not investigate|report the block/i;

  const payloads = fc
    .record({
      kind: fc.constantFrom<PromptPayloadKind>(
        "bash",
        "mcp",
        "tool",
        "path",
        "external_directory",
        "bash_external_directory",
        "skill",
        "skill_read",
        "forwarded",
      ),
      command: secret,
      input: secret,
      surface: plain,
      toolName: fc.option(plain),
      invokedToolName: fc.option(plain),
      element: plain,
      matchedPattern: fc.option(plain),
      commandContext: fc.constantFrom(
        null,
        "command_substitution",
        "process_substitution",
        "subshell",
      ),
      paths: fc.array(plain, { maxLength: 5 }),
      cwd: plain,
      reason: fc.option(plain),
    })
    .map((g): PromptPayload => {
      const commandIsValue = g.kind === "bash" || g.kind === "bash_external_directory";
      return {
        kind: g.kind,
        request: {
          requester: { agentName: null, forwarded: g.kind === "forwarded", sessionId: null },
          surface: g.surface,
          toolName: g.toolName,
          invokedToolName: g.invokedToolName,
          // For bash kinds the asked value is the command; elsewhere it is the element.
          value: commandIsValue || g.kind === "forwarded" ? g.command : g.element,
          matchedPattern: g.matchedPattern,
          commandContext: g.commandContext,
          executedUnit: g.command,
        },
        evidence: [
          { label: "full command", text: g.command, detail: null },
          { label: "input", text: g.input, detail: null },
          { label: "requested", text: g.input, detail: null },
          { label: "working directory", text: g.cwd, detail: null },
          ...g.paths.map((x) => ({ label: "external path", text: x, detail: g.command })),
        ],
        annotations: [{ source: "judge", text: g.command }],
      };
    });

  it("holds no part of the command or the tool input, no order, and one line, whatever the payload", () => {
    fc.assert(
      fc.property(payloads, plain, fc.integer({ min: 1, max: 500 }), (p, reason, width) => {
        for (const text of [
          renderPolicyDenial(p, reason, { fieldMaxWidth: width }),
          renderUserDenial(p, reason, { fieldMaxWidth: width }),
          renderUnavailableDenial(p, null, { fieldMaxWidth: width }),
        ]) {
          expect(text.includes(MARK)).toBe(false);
          expect(orders.test(text)).toBe(false);
          expect(/[\n\r]/.test(text)).toBe(false);
          expect(text.startsWith(`${T} `)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
