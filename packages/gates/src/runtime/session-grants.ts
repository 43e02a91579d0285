import { matchesBashPattern, matchesPathPattern } from "../policy/index.ts";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";

/** What a human approved "for this session": a surface and a pattern. */
export interface SessionGrant {
  surface: string;
  pattern: string;
}

const PATH_SURFACES = new Set(["path", "external_directory"]);

/**
 * The grants of one session. They answer only asks: a grant is consulted after the policy
 * has found no deny, so it never outranks an explicit deny rule.
 */
export class SessionGrants {
  readonly #grants: SessionGrant[] = [];

  /** Every grant, oldest first. */
  list(): readonly SessionGrant[] {
    return [...this.#grants];
  }

  /** Record the grants for every asking item of a request, each with its suggested pattern. */
  grant(judgement: RequestVerdict): SessionGrant[] {
    const added: SessionGrant[] = [];
    for (const item of asking(judgement)) {
      const grant = { surface: judgement.surface, pattern: item.suggestion };
      if (!this.#grants.some((g) => g.surface === grant.surface && g.pattern === grant.pattern)) {
        this.#grants.push(grant);
        added.push(grant);
      }
    }
    return added;
  }

  /**
   * The grant covering every asking item of an ask request, or `null`. A grant for one
   * unit of a chain never approves a sibling unit that asks too.
   */
  covering(judgement: RequestVerdict, facts: ToolCallFacts): SessionGrant | null {
    if (judgement.action !== "ask") return null;
    let last: SessionGrant | null = null;
    for (const item of asking(judgement)) {
      const grant = this.#grants.find(
        (g) => g.surface === judgement.surface && covers(g, item, facts),
      );
      if (!grant) return null;
      last = grant;
    }
    return last;
  }
}

function asking(judgement: RequestVerdict): JudgedItem[] {
  const items = judgement.items.filter((i) => i.action === "ask");
  // A floor with no item (an unparseable command) is decided by its own deciding item.
  return items.length > 0 ? items : judgement.decidingItem ? [judgement.decidingItem] : [];
}

function covers(grant: SessionGrant, item: JudgedItem, facts: ToolCallFacts): boolean {
  if (PATH_SURFACES.has(grant.surface) || item.access !== undefined) {
    return matchesPathPattern(grant.pattern, item.value, { cwd: facts.cwd, home: facts.home });
  }
  if (item.sentinel !== null || item.exact) {
    // INVARIANT: a unit the analyzer could not prove is approved only by its exact text.
    return grant.pattern === item.suggestion;
  }
  return matchesBashPattern(grant.pattern, item.value);
}
