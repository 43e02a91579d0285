import type { PromptPayload, PromptPayloadKind } from "@pi-permission/payload";
import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  layoutPromptDialog,
  layoutPromptDialogExpanded,
  renderPromptDialog,
  renderPromptDialogExpanded,
} from "../src/dialog.ts";
import { evidence, payload } from "./payloads.ts";

const tags = (role: string, text: string) => `<${role}>${text}</${role}>`;

describe("the compact prompt dialog", () => {
  it("shows one fact per line under a title, labels in a column", () => {
    expect(renderPromptDialog(payload("bash"), { width: 60 })).toEqual([
      "Permission required",
      "tool     bash",
      "command  rm -rf build",
      "rule     rm *",
    ]);
  });

  it("shows the surface only when it differs from the tool, and evidence after the facts", () => {
    expect(renderPromptDialog(payload("bash_external_directory"), { width: 80 })).toEqual([
      "Permission required",
      "tool               bash",
      "surface            external_directory",
      "command            diff /etc/hosts ~/.ssh/known_hosts > /tmp/out",
      "rule               *",
      "working directory  /repo",
      "external path      /etc/hosts",
      "external path      ~/.ssh/known_hosts (/home/ada/.ssh/known_hosts)",
    ]);
  });

  it("marks a forwarded ask in its title and names who forwarded it", () => {
    expect(renderPromptDialog(payload("forwarded"), { width: 80 })).toEqual([
      "Permission required (forwarded)",
      "tool            bash",
      "value           npm publish",
      "rule            *",
      "agent           releaser",
      "forwarded from  child-7",
      "requested       bash: npm publish",
    ]);
  });

  it("shows every optional fact of a wrapped bash unit", () => {
    const p = payload("bash", {
      request: {
        invokedToolName: "exec_command",
        value: "sudo rm -rf /srv/app",
        executedUnit: "rm -rf /srv/app",
        commandContext: "subshell",
        matchedPattern: "<indirection-bash-wrapper>",
      },
      evidence: [evidence("full command", "(cd /srv && sudo rm -rf /srv/app)")],
    });
    expect(renderPromptDialog(p, { width: 80 })).toEqual([
      "Permission required",
      "tool          bash",
      "invoked as    exec_command",
      "command       sudo rm -rf /srv/app",
      "executes      rm -rf /srv/app",
      "context       subshell",
      "rule          <indirection-bash-wrapper>",
      "full command  (cd /srv && sudo rm -rf /srv/app)",
    ]);
  });

  it("names the hook that asked, with its source, after the rule", () => {
    const p = payload("bash", {
      request: {
        toolName: "bash",
        value: "git push origin main",
        matchedPattern: "git push *",
        hook: { id: "user:git", name: "Git mutations", source: "user" },
      },
    });
    expect(renderPromptDialog(p, { width: 60 })).toEqual([
      "Permission required",
      "tool     bash",
      "command  git push origin main",
      "rule     git push *",
      "hook     Git mutations (user)",
    ]);
  });

  it("does not repeat a tool ask's value, which is the tool name", () => {
    expect(renderPromptDialog(payload("tool"), { width: 80 })).toEqual([
      "Permission required",
      "tool   write",
      "rule   write",
      "input  path: notes.md",
    ]);
  });

  it("styles every piece by role through the callback, padding left plain", () => {
    const p = payload("bash_external_directory", {
      annotations: [{ source: "judge", text: "reads ssh config" }],
    });
    expect(renderPromptDialog(p, { width: 80, style: tags })).toEqual([
      "<title>Permission required</title>",
      "<label>tool</label>               <value>bash</value>",
      "<label>surface</label>            <value>external_directory</value>",
      "<label>command</label>            <value>diff /etc/hosts ~/.ssh/known_hosts > /tmp/out</value>",
      "<label>rule</label>               <value>*</value>",
      "<label>working directory</label>  <evidence>/repo</evidence>",
      "<label>external path</label>      <flagged>/etc/hosts</flagged>",
      "<label>external path</label>      <flagged>~/.ssh/known_hosts (/home/ada/.ssh/known_hosts)</flagged>",
      "<label>annotation</label>         <annotation>judge: reads ssh config</annotation>",
    ]);
  });

  it("highlights the asked value as flagged", () => {
    expect(renderPromptDialog(payload("path"), { width: 40, style: tags })).toEqual([
      "<title>Permission required</title>",
      "<label>tool</label>     <value>read</value>",
      "<label>surface</label>  <value>path</value>",
      "<label>path</label>     <flagged>/etc/passwd</flagged>",
      "<label>rule</label>     <value>/etc/*</value>",
    ]);
  });

  it("wraps a long value, caps it at the field width, and elides evidence that does not fit", () => {
    const body = "x = 1\n".repeat(5000);
    const p = payload("bash", {
      request: { value: `cat <<'EOF' > gen.py\n${body}EOF`, matchedPattern: "*" },
      evidence: [
        evidence("full command", `cd /repo && cat <<'EOF' > gen.py\n${body}EOF`),
        evidence("working directory", "/repo"),
      ],
    });
    // 50 columns: a 19-column label column leaves 31 for values; 60 columns of the value
    // take two rows, and the evidence, which needs a third, is elided.
    expect(renderPromptDialog(p, { width: 50, maxRows: 6, fieldMaxWidth: 60 })).toEqual([
      "Permission required",
      "tool               bash",
      "command            cat <<'EOF' > gen.py↵x = 1↵x = ",
      `${" ".repeat(19)}1↵x = 1↵x = 1↵x = 1↵x = 1↵x …`,
      "rule               *",
      "… 2 more entries (expand to see all)",
    ]);
  });

  it("shortens an entry to the rows left and keeps the next one when it fits", () => {
    const p = payload("bash", {
      evidence: [evidence("full command", "a".repeat(100)), evidence("working directory", "/repo")],
    });
    // 40 columns: the label column is capped at two fifths (16), leaving 24 for values.
    expect(renderPromptDialog(p, { width: 40, maxRows: 7 })).toEqual([
      "Permission required",
      "tool            bash",
      "command         rm -rf build",
      "rule            rm *",
      `full command    ${"a".repeat(24)}`,
      `                ${"a".repeat(23)}…`,
      "working direc…  /repo",
    ]);
  });

  it("drops the title before any fact", () => {
    expect(renderPromptDialog(payload("bash"), { width: 60, maxRows: 3 })).toEqual([
      "tool     bash",
      "command  rm -rf build",
      "rule     rm *",
    ]);
  });

  it("elides facts behind a marked line only when the rows cannot hold them and the marker", () => {
    const p = payload("bash", { evidence: [evidence("full command", "cd x && rm -rf build")] });
    expect([4, 3, 2, 1].map((maxRows) => renderPromptDialog(p, { width: 60, maxRows }))).toEqual([
      [
        "tool          bash",
        "command       rm -rf build",
        "rule          rm *",
        "full command  cd x && rm -rf build",
      ],
      [
        "tool          bash",
        "command       rm -rf build",
        "… 1 more fact and 1 more entry (expand to see all)",
      ],
      ["tool          bash", "… 2 more facts and 1 more entry (expand to see all)"],
      ["… 3 more facts and 1 more entry (expand to see all)"],
    ]);
  });

  it("shows line breaks as ↵ and control characters as visible escapes", () => {
    const p = payload("bash", {
      request: { value: "echo ok\r\necho \u001b[2Jgone\u202e\tx" },
    });
    expect(renderPromptDialog(p, { width: 80 })[2]).toBe(
      "command  echo ok↵echo \\x1b[2Jgone\\u202e  x",
    );
  });

  it("measures wide characters in terminal columns", () => {
    const p = payload("path", { request: { value: "/数据/项目/机密文件/报告.txt" } });
    const lines = renderPromptDialog(p, { width: 24 });
    expect(lines).toEqual([
      "Permission required",
      "tool     read",
      "surface  path",
      "path     /数据/项目/机密",
      "         文件/报告.txt",
      "rule     /etc/*",
    ]);
    expect(lines.map((line) => stringWidth(line) <= 24)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it("fits the 72 KB heredoc ask into the default 24 rows of an 80-column terminal", () => {
    const heredoc = `cat <<'EOF' > gen.py\n${"print('generated line')\n".repeat(3000)}EOF`;
    const p = payload("bash", {
      request: { value: heredoc, matchedPattern: "*" },
      evidence: [evidence("full command", heredoc), evidence("working directory", "/repo")],
    });
    const lines = renderPromptDialog(p, { width: 80 });
    expect({
      rows: lines.length,
      widest: Math.max(...lines.map((line) => stringWidth(line))),
      last: lines.at(-1),
    }).toEqual({ rows: 18, widest: 80, last: "working directory  /repo" });
  });

  it("keeps every fact of a command touching hundreds of paths and counts the elided paths", () => {
    const paths = Array.from({ length: 300 }, (_, i) => `/data/shard-${i}`);
    const p = payload("bash_external_directory", {
      request: { value: `cat ${paths.join(" ")}` },
      evidence: [
        evidence("working directory", "/repo"),
        ...paths.map((x) => evidence("external path", x)),
      ],
    });
    const lines = renderPromptDialog(p, { width: 80 });
    expect({
      rows: lines.length,
      facts: lines.filter((l) => /^(tool|surface|command|rule) /.test(l)).length,
      paths: lines.filter((l) => l.startsWith("external path")).length,
      last: lines.at(-1),
    }).toEqual({ rows: 24, facts: 4, paths: 11, last: "… 289 more entries (expand to see all)" });
  });
});

describe("the expanded prompt dialog", () => {
  it("shows every line of a multi-line value and all evidence, without caps", () => {
    const p = payload("bash", {
      request: { value: "echo one\necho two" },
      evidence: [evidence("full command", `cd /repo && ${"y".repeat(30)}`)],
      annotations: [{ source: "judge", text: "harmless" }],
    });
    expect(renderPromptDialogExpanded(p, { width: 40 })).toEqual([
      "Permission required",
      "tool          bash",
      "command       echo one",
      "              echo two",
      "rule          rm *",
      `full command  cd /repo && ${"y".repeat(14)}`,
      `              ${"y".repeat(16)}`,
      "annotation    judge: harmless",
    ]);
  });

  it("reproduces the whole 72 KB heredoc, one payload line per line", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `print(${i})`);
    const heredoc = `cat <<'EOF' > gen.py\n${lines.join("\n")}\nEOF`;
    const layout = layoutPromptDialogExpanded(payload("bash", { request: { value: heredoc } }), {
      width: 120,
    });
    const valueRows = layout.rows.filter(
      (row) => row.label === "command" || (row.field === 1 && row.label === ""),
    );
    expect(valueRows.map((row) => row.text).join("\n")).toBe(heredoc);
  });
});

describe("the dialog budget, for any payload", () => {
  /** Any text, including multi-line values of up to `lines` lines (4000 lines is about 80 KB). */
  const anyText = (lines: number) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "中文字符串",
          "😀👍🏽🇯🇵",
          "a\u0301e\u0301",
          "\u001b[31mred",
          "\u202eevil",
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: lines }))
          .map(([s, n]) => `${s}\n`.repeat(n)),
      },
    );
  const anyPayload = (lines: number) => {
    const text = anyText(lines);
    return fc
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
        surface: text,
        toolName: fc.option(text),
        invokedToolName: fc.option(text),
        value: text,
        matchedPattern: fc.option(text),
        commandContext: fc.constantFrom(
          null,
          "command_substitution",
          "process_substitution",
          "subshell",
        ),
        executedUnit: fc.option(text),
        agentName: fc.option(text),
        forwarded: fc.boolean(),
        sessionId: fc.option(text),
        evidence: fc.array(
          fc.record({
            label: fc.oneof(
              fc.constantFrom("external path", "working directory", "full command"),
              text,
            ),
            text,
            detail: fc.option(text),
          }),
          { maxLength: 40 },
        ),
        annotations: fc.array(fc.record({ source: text, text }), { maxLength: 3 }),
      })
      .map(
        (g): PromptPayload => ({
          kind: g.kind,
          request: {
            requester: { agentName: g.agentName, forwarded: g.forwarded, sessionId: g.sessionId },
            surface: g.surface,
            toolName: g.toolName,
            invokedToolName: g.invokedToolName,
            value: g.value,
            matchedPattern: g.matchedPattern,
            commandContext: g.commandContext,
            executedUnit: g.executedUnit,
          },
          evidence: g.evidence,
          annotations: g.annotations,
        }),
      );
  };
  const payloads = anyPayload(4000);
  const budgets = fc.record({
    width: fc.integer({ min: 1, max: 200 }),
    maxRows: fc.integer({ min: 1, max: 40 }),
    fieldMaxWidth: fc.integer({ min: 1, max: 500 }),
  });

  it("never goes over the rows, the terminal width or the field width", () => {
    fc.assert(
      fc.property(payloads, budgets, (p, options) => {
        const lines = renderPromptDialog(p, options);
        expect(lines.length).toBeLessThanOrEqual(options.maxRows);
        for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(options.width);
        const shown = new Map<number, number>();
        for (const row of layoutPromptDialog(p, options).rows) {
          if (row.field === null) continue;
          shown.set(row.field, (shown.get(row.field) ?? 0) + stringWidth(row.text));
        }
        for (const width of shown.values())
          expect(width).toBeLessThanOrEqual(options.fieldMaxWidth);
      }),
      { numRuns: 250 },
    );
  }, 60_000);

  it("keeps every request fact once the rows allow one per fact", () => {
    fc.assert(
      fc.property(payloads, budgets, (p, options) => {
        const layout = layoutPromptDialog(p, { ...options, maxRows: options.maxRows + 10 });
        const factsShown = new Set(
          layout.rows.flatMap((row) =>
            row.field !== null && row.field < layout.facts ? [row.field] : [],
          ),
        );
        expect(factsShown.size).toBe(layout.facts);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("keeps the expanded view within the terminal width, and complete", () => {
    // Narrow terminals with short texts, wide ones with long texts: the expanded view is
    // unbounded in rows by design, so both together would only measure the machine.
    const cases = fc.oneof(
      fc.tuple(anyPayload(1), fc.integer({ min: 1, max: 12 })),
      fc.tuple(anyPayload(400), fc.integer({ min: 12, max: 200 })),
    );
    fc.assert(
      fc.property(cases, ([p, width]) => {
        for (const line of renderPromptDialogExpanded(p, { width })) {
          expect(stringWidth(line)).toBeLessThanOrEqual(width);
        }
        const layout = layoutPromptDialogExpanded(p, { width });
        const fields = new Set(
          layout.rows.flatMap((row) => (row.field === null ? [] : [row.field])),
        );
        expect(fields.size).toBe(layout.facts + p.evidence.length + p.annotations.length);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
