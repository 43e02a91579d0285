// The one definition of the policy file (`permissions.json`). From these typebox schemas come
// the runtime validation (./schema-check.ts walks them), the committed JSON Schema
// (schema/permissions.schema.json, see policyJsonSchema) and, through the parity test in
// test/schema-types.test.ts, the readable TypeScript types in ./document.ts.
import Type from "typebox";
import { DEFAULT_POLICY_SETTINGS, DEFAULT_PROMPT_KEYS, PROMPT_NOTIFICATIONS } from "./settings.ts";
import { SURFACES, type SurfaceName } from "./surfaces.ts";

// A key starting with `path_` / `external_directory_` that is not a directional variant is a
// misspelling (`path_wrote`), and an empty key names nothing: both are rejected, never
// ignored, because an inert deny fails open.
export const MISSPELLED_SURFACE_PATTERN = "^$|^(path|external_directory)_(?!(read|write)$)";

// Factories rather than object spreads: a typebox schema carries non-enumerable markers that
// a spread would lose.
function action(description: string) {
  return Type.Enum(["allow", "ask", "deny"], { title: "Action", description, examples: ["ask"] });
}

export const ActionSchema = action("`allow` runs the call, `ask` asks a human, `deny` refuses it.");

export const RuleObjectSchema = Type.Object(
  {
    action: ActionSchema,
    reason: Type.Optional(
      Type.String({
        description:
          "Why the rule denies, shown to the agent and the human with the denial. Only a deny shows it; on allow or ask it is ignored (validate warns).",
      }),
    ),
  },
  {
    additionalProperties: false,
    title: "Rule object",
    examples: [{ action: "deny", reason: "pushes go through CI" }],
    description: 'An action with an optional reason: `{ "action": "deny", "reason": "…" }`.',
  },
);

export const PatternValueSchema = Type.Union([ActionSchema, RuleObjectSchema]);

export const PatternMapSchema = Type.Object(
  {},
  {
    additionalProperties: PatternValueSchema,
    propertyNames: { minLength: 1 },
    title: "Pattern map",
    examples: [{ "*": "ask", "git *": "allow" }],
    description:
      "Pattern → action. Within a surface the last matching pattern wins, so put broad patterns first and exceptions after.",
  },
);

function surfaceValue(description: string) {
  return Type.Union([ActionSchema, PatternMapSchema], { description });
}

export const SurfaceValueSchema = surfaceValue(
  'An action for the whole surface (short for `{ "*": action }`) or a pattern map.',
);

function surfaceProperties() {
  return Object.fromEntries(
    Object.entries(SURFACES).map(([name, spec]) => [
      name,
      Type.Optional(surfaceValue(spec.description)),
    ]),
  ) as Record<SurfaceName, Type.TOptional<typeof SurfaceValueSchema>>;
}

const SURFACE_MAP_OPTIONS = {
  additionalProperties: surfaceValue(
    "Any other key is a tool name (for example an extension's tool).",
  ),
  patternProperties: { [MISSPELLED_SURFACE_PATTERN]: Type.Never() },
};

export const PermissionMapSchema = Type.Object(
  {
    "*": Type.Optional(
      action(
        "The universal default: what happens when no rule of the call's surface matches. `ask` when no file sets it.",
      ),
    ),
    ...surfaceProperties(),
  },
  {
    ...SURFACE_MAP_OPTIONS,
    title: "Permission map",
    description:
      'Surface → action or pattern map. `"*"` is the universal default; every other key is a surface: a tool name or one of `path`, `path_read`, `path_write`, `external_directory`, `external_directory_read`, `external_directory_write`, `mcp`, `skill`.',
  },
);

export const HookPermissionMapSchema = Type.Object(surfaceProperties(), {
  ...SURFACE_MAP_OPTIONS,
  // A hook has no universal default: `"*"` is rejected like a misspelled surface.
  patternProperties: { [MISSPELLED_SURFACE_PATTERN]: Type.Never(), "^\\*$": Type.Never() },
  title: "Hook permission map",
  description: 'The same shape as the top-level `permission` map, without `"*"`.',
});

export const HookSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, description: "The hook's name, shown to the human." }),
    permission: HookPermissionMapSchema,
  },
  {
    additionalProperties: false,
    title: "Hook",
    description: "A named, toggleable group of rules.",
  },
);

export const HooksSchema = Type.Object(
  {},
  {
    additionalProperties: HookSchema,
    propertyNames: { minLength: 1 },
    title: "Hook map",
    description:
      "Permission hooks keyed by hook id: named, toggleable groups of rules that add scrutiny. An enabled hook's verdict composes with the policy most-restrictively, so a hook can tighten the policy and never loosen it.",
  },
);

export const AgentSchema = Type.Object(
  {
    permission: Type.Object(
      {
        "*": Type.Optional(
          action(
            "The agent's universal default: what happens to its calls when no rule of their surface matches.",
          ),
        ),
        ...surfaceProperties(),
      },
      {
        ...SURFACE_MAP_OPTIONS,
        title: "Agent permission map",
        description:
          "The same shape as the top-level `permission` map. For the agent's calls its rules are read right after this file's `permission` map, so they override it (last match wins); a later file still overrides them.",
      },
    ),
  },
  {
    additionalProperties: false,
    required: ["permission"],
    title: "Agent",
    examples: [{ permission: { bash: { "*": "deny", "git diff *": "allow" } } }],
    description: "The rules for the calls one agent (a subagent) makes.",
  },
);

export const AgentsSchema = Type.Object(
  {},
  {
    additionalProperties: AgentSchema,
    propertyNames: { minLength: 1 },
    title: "Agent map",
    examples: [{ reviewer: { permission: { edit: "deny", write: "deny" } } }],
    description:
      "Policy sections by agent name (the subagent's name, as pi-subagents gives it). A section is merged over the session's policy for that agent's calls only. A project file's section that loosens applies only once the file is trusted, like the rest of the file.",
  },
);

export const ShellToolSchema = Type.Union(
  [
    Type.String({
      minLength: 1,
      description: 'The input key that holds the command (short for `{ "command": key }`).',
    }),
    Type.Object(
      {
        command: Type.String({
          minLength: 1,
          description:
            "The input key that holds the command: a string, or an argv array of strings.",
          examples: ["cmd"],
        }),
        cwd: Type.Optional(
          Type.String({
            minLength: 1,
            description:
              "The input key that holds the directory the command runs in; a relative one is relative to the working directory.",
            examples: ["workdir"],
          }),
        ),
      },
      {
        additionalProperties: false,
        title: "Shell tool",
        examples: [{ command: "cmd", cwd: "workdir" }],
        description: "Where a shell tool's input keeps its command and its working directory.",
      },
    ),
  ],
  { description: 'An input key, or `{ "command": key, "cwd"?: key }`.' },
);

export const ShellToolsSchema = Type.Object(
  {},
  {
    additionalProperties: ShellToolSchema,
    propertyNames: { minLength: 1 },
    title: "Shell tool map",
    examples: [{ exec_command: { command: "cmd", cwd: "workdir" } }],
    description:
      "Tools besides `bash` whose argument is a shell command, by tool name. Their calls are judged exactly like `bash`: the `bash` rules, the path rules and `external_directory`, relative paths resolved in the given working directory.",
  },
);

function optionNames(description: string) {
  return Type.Array(Type.String({ minLength: 1 }), { description, examples: [["h", "help"]] });
}

function access(description: string) {
  return Type.Enum(["read", "write", "read_write"], {
    title: "Access",
    description,
    examples: ["read"],
  });
}

export const ProgramOptionsSchema = Type.Object(
  {
    short: Type.Optional(
      Type.String({
        description:
          "Short options in getopt's notation: a letter alone takes no value, `x:` takes one (attached or the next word), `x::` an optional attached one.",
        examples: ["n:v"],
      }),
    ),
    long: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: Type.Enum(["none", "required", "optional"], {
            title: "Option value",
            description:
              "`none`: a flag; `required`: `--x value` or `--x=value`; `optional`: only `--x=value`.",
          }),
          propertyNames: { minLength: 1 },
          title: "Long option map",
          examples: [{ attempts: "required", verbose: "none" }],
          description: "Long options by name (without `--`), with how each takes a value.",
        },
      ),
    ),
    abbreviations: Type.Optional(
      Type.Boolean({
        description:
          "Whether any unambiguous prefix of a long option is accepted (GNU getopt_long).",
      }),
    ),
  },
  {
    additionalProperties: false,
    title: "Program options",
    examples: [{ short: "n:v", long: { attempts: "required" } }],
    description: "The options the program accepts before its operands.",
  },
);

export const ProgramSchema = Type.Object(
  {
    kind: Type.Enum(["wrapper", "executor", "files"], {
      title: "Program kind",
      description:
        "`wrapper`: runs the command in its arguments, which is judged too; `executor`: runs code it is given, so a call is never allowed without asking; `files`: reads or writes its operands.",
      examples: ["wrapper"],
    }),
    options: Type.Optional(ProgramOptionsSchema),
    positionals: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "wrapper: how many words stand between its options and the command it runs (`timeout 5 cmd` has one).",
      }),
    ),
    unsafe: Type.Optional(
      optionNames("wrapper: options after which what runs is not the operand as written."),
    ),
    query: Type.Optional(optionNames("wrapper: options with which it runs nothing.")),
    codeOptions: Type.Optional(
      optionNames(
        "executor: the options that make it run code (given anywhere on the line); without them every call runs code.",
      ),
    ),
    operands: Type.Optional(
      access("files: what it does to its operands (`read_write` when not given)."),
    ),
    recursive: Type.Optional(
      Type.Union([Type.Boolean(), Type.Array(Type.String({ minLength: 1 }))], {
        description:
          "files: whether a directory operand covers everything below it: always (`true`), or with one of these options.",
      }),
    ),
    fileOptions: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: access("What the program does to the option's file."),
          propertyNames: { minLength: 1 },
          title: "File option map",
          examples: [{ o: "write", output: "write" }],
          description: "wrapper, files: options whose value is a file, with what it does to it.",
        },
      ),
    ),
    match: Type.Optional(
      Type.Union(
        [
          Type.Array(Type.String()),
          Type.Object(
            {},
            {
              additionalProperties: Type.Union([Type.String(), Type.Array(Type.String())]),
              title: "Example map",
            },
          ),
        ],
        {
          description:
            "Examples `validate` proves. wrapper: command → the command it runs; executor: commands that run code; files: command → what it touches (`read src/**`, `write out.tar`).",
        },
      ),
    ),
    notMatch: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "Examples `validate` proves. wrapper: commands whose inner command is not proven; executor: commands that run no code.",
      }),
    ),
    note: Type.Optional(Type.String({ description: "Why the entry looks the way it does." })),
  },
  {
    additionalProperties: false,
    required: ["kind"],
    title: "Program",
    examples: [{ kind: "wrapper", match: { "with-retry git push": "git push" } }],
    description:
      "How a program the bash analysis does not know runs commands or touches files. A declaration only adds: the command is still judged as written.",
  },
);

export const ProgramsSchema = Type.Object(
  {},
  {
    additionalProperties: ProgramSchema,
    propertyNames: { minLength: 1 },
    title: "Program map",
    examples: [{ "with-retry": { kind: "wrapper", options: { short: "n:" } } }],
    description:
      "Programs the bash analysis does not know, by name or name and subcommand (`uv run`): wrappers, executors and programs whose operands are files. Names the built-in tables know cannot be declared.",
  },
);

export const PolicyExampleSchema = Type.Object(
  {
    tool: Type.String({
      minLength: 1,
      description: "The tool called: `bash`, `read`, an MCP tool…",
    }),
    input: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'The tool\'s input, as the agent sends it: `{ "command": "rm -rf build" }`.',
      },
    ),
    expect: action("The decision this file must reach for the call."),
    rule: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "The rule pattern or sentinel that must decide it (`rm *`, `<opaque-bash-wrapper>`), as `pi-permission check` names it.",
      }),
    ),
    cwd: Type.Optional(
      Type.String({
        minLength: 1,
        description: "The working directory of the call (default `/project`).",
      }),
    ),
    home: Type.Optional(
      Type.String({ minLength: 1, description: "The home directory (default `/home/user`)." }),
    ),
    note: Type.Optional(Type.String({ description: "Why the example is here." })),
  },
  {
    additionalProperties: false,
    required: ["tool", "input", "expect"],
    title: "Policy example",
    examples: [{ tool: "bash", input: { command: "rm -rf build" }, expect: "deny", rule: "rm *" }],
    description:
      "A call and the decision this file must reach for it: `pi-permission validate` judges each one with this file alone and reports a failing one as an error.",
  },
);

function promptKey(description: string, name: keyof typeof DEFAULT_PROMPT_KEYS) {
  return Type.Optional(
    Type.String({ minLength: 1, default: DEFAULT_PROMPT_KEYS[name], description }),
  );
}

export const PromptKeysSchema = Type.Object(
  {
    once: promptKey("Approve once.", "once"),
    session: promptKey(
      "Approve for this session. Its upper case approves for the whole session in a subagent's forwarded prompt.",
      "session",
    ),
    always: promptKey("Always: save an allow rule to a policy file.", "always"),
    deny: promptKey("Deny.", "deny"),
    denyWithReason: promptKey("Deny with a reason the agent reads.", "denyWithReason"),
    wider: promptKey(
      "Switch between the exact pattern and the wider one, where a wider one is safe.",
      "wider",
    ),
    expand: promptKey("Show the complete request.", "expand"),
  },
  {
    additionalProperties: false,
    title: "Prompt keys",
    examples: [{ once: "o", deny: "x" }],
    description:
      "The permission dialog's keys: one printable character each, no two alike, never `j` or `k` (they move), and `wider` never `g` or `p` (they pick where \"always\" saves). A key left out keeps its default, not another file's. Read from the global (and managed) file only: a project file's is ignored.",
  },
);

function positiveInteger(description: string, defaultValue: number) {
  return Type.Optional(Type.Integer({ minimum: 1, default: defaultValue, description }));
}

function flag(description: string, defaultValue: boolean) {
  return Type.Optional(Type.Boolean({ default: defaultValue, description }));
}

export const PolicyDocumentSchema = Type.Object(
  {
    $schema: Type.Optional(
      Type.String({ description: "The JSON Schema of this file, for editor completion." }),
    ),
    permission: Type.Optional(PermissionMapSchema),
    hooks: Type.Optional(HooksSchema),
    agents: Type.Optional(AgentsSchema),
    shellTools: Type.Optional(ShellToolsSchema),
    programs: Type.Optional(ProgramsSchema),
    examples: Type.Optional(
      Type.Array(PolicyExampleSchema, {
        description:
          "Regression examples of this file: calls with the decision (and deciding rule) they must get. `pi-permission validate` checks them; the extension ignores them.",
      }),
    ),
    yolo: flag(
      "Approve every ask without prompting. Deny rules still deny. Off while any policy file is broken.",
      DEFAULT_POLICY_SETTINGS.yolo,
    ),
    permissionReviewLog: flag(
      "Write the review log: one bounded line per decision.",
      DEFAULT_POLICY_SETTINGS.permissionReviewLog,
    ),
    debugLog: flag(
      "Write the debug log (unbounded, for troubleshooting).",
      DEFAULT_POLICY_SETTINGS.debugLog,
    ),
    promptMaxRows: positiveInteger(
      "The most rows the permission dialog may take.",
      DEFAULT_POLICY_SETTINGS.promptMaxRows,
    ),
    promptFieldMaxWidth: positiveInteger(
      "The most characters one field of the permission dialog (and of agent-facing text) shows.",
      DEFAULT_POLICY_SETTINGS.promptFieldMaxWidth,
    ),
    promptKeys: Type.Optional(PromptKeysSchema),
    promptDoublePress: flag(
      "Answer an approval only when its key (or enter) is pressed twice in a row, so text typed ahead cannot approve. `true` in any file wins.",
      DEFAULT_POLICY_SETTINGS.promptDoublePress,
    ),
    promptNotification: Type.Optional(
      Type.Enum([...PROMPT_NOTIFICATIONS], {
        title: "Prompt notification",
        default: DEFAULT_POLICY_SETTINGS.promptNotification,
        examples: ["bell"],
        description:
          "A terminal notification when a prompt opens: `bell` (BEL), `osc9` (iTerm2, WezTerm, Windows Terminal…), `osc777` (rxvt, foot, Ghostty…), or `off`. It never names the command or the path.",
      }),
    ),
    reviewLogFieldMaxWidth: positiveInteger(
      "The most characters one string of a review-log line keeps.",
      DEFAULT_POLICY_SETTINGS.reviewLogFieldMaxWidth,
    ),
    reviewLogMaxBytes: positiveInteger(
      "The review log's size, in bytes, past which it is rotated: review.jsonl becomes review.1.jsonl, and so on.",
      DEFAULT_POLICY_SETTINGS.reviewLogMaxBytes,
    ),
    reviewLogFiles: positiveInteger(
      "How many review-log files are kept, the current one included; the oldest beyond it is deleted when the log rotates.",
      DEFAULT_POLICY_SETTINGS.reviewLogFiles,
    ),
    forwardingTimeoutMs: positiveInteger(
      "How long, in milliseconds, a forwarded ask waits for the parent session before it is refused.",
      DEFAULT_POLICY_SETTINGS.forwardingTimeoutMs,
    ),
    analysisDeadlineMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 500,
        default: DEFAULT_POLICY_SETTINGS.analysisDeadlineMs,
        description:
          "How much work, in milliseconds, the bash analysis of one call may take; past it the call is asked about, never allowed. A project file that lengthens it past the default needs trust.",
      }),
    ),
    allowYolo: flag(
      "Whether yolo may be switched on. `false` in any file wins; a managed file uses it to forbid yolo for everyone.",
      DEFAULT_POLICY_SETTINGS.allowYolo,
    ),
    allowProjectLoosening: flag(
      "Whether a project file may loosen the policy once the user trusted it. `false` in any file wins: project files then only tighten.",
      DEFAULT_POLICY_SETTINGS.allowProjectLoosening,
    ),
    judgeUserBash: flag(
      "Judge the commands the user types with `!` like the agent's `bash` calls (for a terminal shared with automation).",
      DEFAULT_POLICY_SETTINGS.judgeUserBash,
    ),
  },
  {
    additionalProperties: false,
    title: "pi-permission policy",
    examples: [{ permission: { "*": "ask", read: "allow" } }],
    description:
      "A pi-permission policy file: ~/.pi/agent/permissions.json or <project>/.pi/permissions.json.",
  },
);

/** Where the committed JSON Schema is published, for a policy file's `"$schema"`. */
export const POLICY_SCHEMA_URL =
  "https://unpkg.com/@pi-permission/policy/schema/permissions.schema.json";

// The shapes the committed schema names once under `$defs` and refers to everywhere else,
// largest first so that a surface value is referred to as a whole.
const DEFINITIONS: Record<string, unknown> = {
  SurfaceValue: SurfaceValueSchema,
  PatternMap: PatternMapSchema,
  PatternValue: PatternValueSchema,
  RuleObject: RuleObjectSchema,
  Action: ActionSchema,
};

function withoutDescription(node: unknown): string {
  if (typeof node !== "object" || node === null) return JSON.stringify(node);
  const { description: _ignored, ...rest } = node as Record<string, unknown>;
  return JSON.stringify(rest);
}

// Replace every copy of a definition (its own description aside) with a `$ref` to it.
function compact(node: unknown, skip?: string): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (Array.isArray(node)) return node.map((child) => compact(child));
  const shape = withoutDescription(node);
  for (const [name, definition] of Object.entries(DEFINITIONS)) {
    if (name === skip || shape !== withoutDescription(definition)) continue;
    const { description } = node as { description?: string };
    const own = (definition as { description?: string }).description;
    return description === undefined || description === own
      ? { $ref: `#/$defs/${name}` }
      : { $ref: `#/$defs/${name}`, description };
  }
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, compact(value)]),
  );
}

/**
 * The JSON Schema document committed as `schema/permissions.schema.json`: the policy schema
 * with each repeated shape named once under `$defs`. Point a policy file's `"$schema"` at
 * {@link POLICY_SCHEMA_URL} (or at the copy in `node_modules`) for completion and
 * descriptions in the editor.
 *
 * @example
 * ```ts
 * writeFileSync("permissions.schema.json", JSON.stringify(policyJsonSchema(), null, 2));
 * ```
 */
export function policyJsonSchema(): Record<string, unknown> {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: POLICY_SCHEMA_URL,
    $comment: "Generated from packages/policy/src/schema.ts; do not edit.",
    ...(compact(PolicyDocumentSchema) as Record<string, unknown>),
    $defs: Object.fromEntries(
      Object.entries(DEFINITIONS).map(([name, definition]) => [name, compact(definition, name)]),
    ),
  };
}
