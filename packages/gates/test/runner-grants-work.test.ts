// An ask nobody can answer (print mode, no parent) is refused at once: the grants an approval
// would add are not worked out for it, only for an authority that may approve (issue 18).
import { describe, expect, it, vi } from "vitest";

vi.mock("../src/session-grants.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/session-grants.ts")>();
  return {
    ...real,
    exactGrants: vi.fn(real.exactGrants),
    widerGrants: vi.fn(real.widerGrants),
  };
});

const grants = await import("../src/session-grants.ts");
const { bash, human, policyOf, runOnce } = await import("./fixtures.ts");

describe("the grants an approval could add", () => {
  const policy = policyOf({ "*": "allow", bash: { "npm *": "ask" } });

  it("are not worked out when nobody can answer the ask", async () => {
    vi.mocked(grants.exactGrants).mockClear();
    vi.mocked(grants.widerGrants).mockClear();
    const { outcome } = await runOnce(policy, bash("npm publish"));
    expect(outcome.action).toBe("block");
    expect(grants.exactGrants).not.toHaveBeenCalled();
    expect(grants.widerGrants).not.toHaveBeenCalled();
  });

  it("leave the wider ones unworked when the authority never reads them (a list dialog)", async () => {
    vi.mocked(grants.widerGrants).mockClear();
    const { outcome } = await runOnce(policy, bash("npm publish"), {
      kind: "user",
      ask: async (request) => {
        expect(request.sessionGrants.length).toBeGreaterThan(0);
        return { kind: "approved", forSession: true };
      },
    });
    expect(outcome.action).toBe("allow");
    expect(grants.widerGrants).not.toHaveBeenCalled();
  });

  it("are handed to an authority that may approve, as before", async () => {
    const authority = human({ kind: "approved", forSession: false });
    const { outcome } = await runOnce(policy, bash("npm publish"), authority);
    expect(outcome.action).toBe("allow");
    const [asked] = authority.asked;
    expect(asked?.sessionGrants).toEqual(grants.exactGrants(asked?.verdict as never));
    expect(asked?.sessionGrants.length).toBeGreaterThan(0);
    expect(asked?.widerGrants).toEqual(grants.widerGrants(asked?.verdict as never));
  });
});
