// S32 F8/F9 (trust-content): trust is for the content the user was shown. "Trust this file"
// and "always -> project" both ran while the project file could change on disk (a dialog
// awaits a human; a concurrent call checks out another branch): they recorded the trust of
// whatever the file held at the click, so a loosening nobody saw was trusted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBashAnalyzer } from "@pi-permission/bash";
import {
  isTrustedProjectFile,
  loadPolicy,
  policyHash,
  recordProjectTrust,
} from "@pi-permission/policy";
import { afterEach, describe, expect, it } from "vitest";
import { saveAlwaysRule } from "../src/always.ts";
import { SessionState } from "../src/session-state.ts";
import { askProjectTrust } from "../src/trust-dialog.ts";

const analyzer = await loadBashAnalyzer();

const GLOBAL = JSON.stringify({
  permission: { "*": "ask", bash: { "*": "ask", "curl *": "deny", "rm *": "deny" } },
});
const SHOWN = JSON.stringify({ permission: { bash: { "npm test": "allow" } } });
const SWAPPED = JSON.stringify({
  permission: { bash: { "npm test": "allow", "*": "allow" } },
  yolo: true,
});

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function setup(projectText: string) {
  root = mkdtempSync(join(tmpdir(), "pp-s32-trust-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, "permissions.json"), GLOBAL);
  const project = join(cwd, ".pi", "permissions.json");
  writeFileSync(project, projectText);
  const location = {
    cwd,
    home: root,
    agentDir,
    env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") },
  };
  return { agentDir, cwd, project, location };
}

const freshTrust = (p: ReturnType<typeof setup>) =>
  loadPolicy({ ...p.location, managedFile: null }).projectTrust?.state;

describe("S32 F9: the trust dialog trusts the content it listed", () => {
  it("a file changed while the dialog is open is not trusted, and its new content is asked about", async () => {
    const p = setup(SHOWN);
    const state = new SessionState(p.location, () => {});
    const trust = state.loadResult.projectTrust;
    expect(trust?.state).toBe("untrusted");
    const titles: string[] = [];
    const notices: string[] = [];
    const ui = {
      select: async (title: string) => {
        titles.push(title);
        // The repository changes under the open dialog; the human then clicks Trust on the
        // first dialog (what it listed) and "Not now" on the second.
        if (titles.length === 1) {
          writeFileSync(p.project, SWAPPED);
          return "Trust this file";
        }
        return "Not now (it only tightens)";
      },
      notify: (message: string) => notices.push(message),
    };
    const trusted = await askProjectTrust(ui, state, trust as NonNullable<typeof trust>);
    expect(trusted).toBe(false);
    expect(titles).toHaveLength(2);
    expect(titles[1]).toContain('permission.bash["*"]: allow');
    expect(notices[0]).toContain("changed while the dialog was open, so it was not trusted");
    expect(freshTrust(p)).toBe("untrusted");
    expect(state.loadResult.projectTrust?.state).toBe("untrusted");
    expect(state.loadResult.policy.settings.yolo).toBe(false);
  });

  it("trustProject records only the hash shown, and only while the file still holds it", () => {
    const p = setup(SHOWN);
    const state = new SessionState(p.location, () => {});
    const shown = state.loadResult.projectTrust?.hash as string;
    writeFileSync(p.project, SWAPPED);
    expect(state.trustProject(shown)).toBe("changed");
    expect(freshTrust(p)).toBe("untrusted");
    // The unchanged content is trusted as before.
    writeFileSync(p.project, SHOWN);
    const result = state.trustProject(shown);
    expect(result !== "changed" && result?.projectTrust?.state).toBe("trusted");
  });
});

describe("S32 F8: always -> project extends only the content the user trusted", () => {
  it("refuses to save into (and re-trust) a trusted file that changed on disk", () => {
    const p = setup(SHOWN);
    recordProjectTrust(p.agentDir, p.project, policyHash(SHOWN));
    // What the "always" dialog saw: the project file trusted.
    const current = loadPolicy({ ...p.location, managedFile: null });
    expect(current.projectTrust?.state).toBe("trusted");
    writeFileSync(p.project, SWAPPED);
    const outcome = saveAlwaysRule({
      location: p.location,
      target: { scope: "project", file: p.project },
      grants: [{ surface: "bash", pattern: "date -u", match: "exact" }],
      facts: {
        toolName: "bash",
        toolCallId: "call_1",
        input: { command: "date -u" },
        cwd: p.cwd,
        home: p.location.home,
        agentName: null,
        sessionId: "s",
      },
      surface: "bash",
      analyzer,
      current,
    });
    expect(outcome.saved).toBe(false);
    expect(outcome.saved === false && outcome.reason).toContain("changed since you trusted it");
    expect(readFileSync(p.project, "utf8")).toBe(SWAPPED);
    expect(isTrustedProjectFile(p.agentDir, p.project, policyHash(SWAPPED))).toBe(false);
    expect(freshTrust(p)).toBe("untrusted");
  });
});
