// Payload builders for the renderer tests: one realistic ask of every kind, each overridable.
import type {
  PromptEvidence,
  PromptPayload,
  PromptPayloadKind,
  PromptRequestFacts,
} from "@pi-permission/payload";

export interface PayloadChanges {
  request?: Partial<Omit<PromptRequestFacts, "requester">> & {
    requester?: Partial<PromptRequestFacts["requester"]>;
  };
  evidence?: PromptEvidence[];
  annotations?: PromptPayload["annotations"];
}

export function evidence(
  label: string,
  text: string,
  detail: string | null = null,
): PromptEvidence {
  return { label, text, detail };
}

/** The ask each kind typically carries, before a test's changes. */
const TYPICAL: { readonly [K in PromptPayloadKind]: PayloadChanges } = {
  bash: {
    request: { surface: "bash", toolName: "bash", value: "rm -rf build", matchedPattern: "rm *" },
  },
  mcp: {
    request: {
      surface: "mcp",
      toolName: "mcp",
      value: "github:create_issue",
      matchedPattern: "github:*",
    },
    evidence: [evidence("input", '{"title":"bug"}')],
  },
  tool: {
    request: { surface: "write", toolName: "write", value: "write", matchedPattern: "write" },
    evidence: [evidence("input", "path: notes.md")],
  },
  path: {
    request: { surface: "path", toolName: "read", value: "/etc/passwd", matchedPattern: "/etc/*" },
  },
  external_directory: {
    request: {
      surface: "external_directory",
      toolName: "read",
      value: "/etc/hosts",
      matchedPattern: "*",
    },
    evidence: [evidence("working directory", "/repo")],
  },
  bash_external_directory: {
    request: {
      surface: "external_directory",
      toolName: "bash",
      value: "diff /etc/hosts ~/.ssh/known_hosts > /tmp/out",
      matchedPattern: "*",
    },
    evidence: [
      evidence("working directory", "/repo"),
      evidence("external path", "/etc/hosts"),
      evidence("external path", "~/.ssh/known_hosts", "/home/ada/.ssh/known_hosts"),
    ],
  },
  skill: {
    request: { surface: "skill", toolName: null, value: "librarian", matchedPattern: "*" },
  },
  skill_read: {
    request: { surface: "skill", toolName: "read", value: "librarian", matchedPattern: "*" },
    evidence: [evidence("read path", "/home/ada/.pi/skills/librarian/SKILL.md")],
  },
  forwarded: {
    request: {
      surface: "bash",
      toolName: "bash",
      value: "npm publish",
      matchedPattern: "*",
      requester: { agentName: "releaser", forwarded: true, sessionId: "child-7" },
    },
    evidence: [evidence("requested", "bash: npm publish")],
  },
};

/** A payload of `kind`: its typical ask with `changes` applied (lists replace, facts merge). */
export function payload(kind: PromptPayloadKind, changes: PayloadChanges = {}): PromptPayload {
  const typical = TYPICAL[kind];
  return {
    kind,
    request: {
      surface: "bash",
      toolName: null,
      invokedToolName: null,
      value: "",
      matchedPattern: null,
      commandContext: null,
      executedUnit: null,
      ...typical.request,
      ...changes.request,
      requester: {
        agentName: null,
        forwarded: false,
        sessionId: null,
        ...typical.request?.requester,
        ...changes.request?.requester,
      },
    },
    evidence: changes.evidence ?? typical.evidence ?? [],
    annotations: changes.annotations ?? typical.annotations ?? [],
  };
}
