import { matchesBashPattern, matchesPathPattern, patternLanguage } from "@pi-permission/policy";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { widerSuggestion } from "./suggest.ts";

/**
 * What a human approved "for this session": a surface and a pattern. An `exact` grant covers
 * only an item judged exactly as shown (its text is compared, never matched as a pattern, so a
 * `*` in a command stays literal); a `pattern` grant is matched like a policy rule.
 */
export interface SessionGrant {
  surface: string;
  pattern: string;
  match: "exact" | "pattern";
}

/** A grant as the session holds it: where it came from. */
export interface RecordedGrant extends SessionGrant {
  /** The permission request whose approval added it; `null` when none is known. */
  requestId: string | null;
}

/** How a request is approved for the session. */
export interface GrantOptions {
  /** The request being approved, recorded beside each grant. */
  requestId?: string | null;
  /** Add the wider patterns (`widerGrants`) instead of the exact ones. */
  wider?: boolean;
}

/**
 * The grants approving a request for the session exactly as shown: one per asking item, the
 * default of every session or persistent approval.
 */
export function exactGrants(judgement: RequestVerdict): SessionGrant[] {
  return dedupe(
    asking(judgement).map((item) => ({
      surface: judgement.surface,
      pattern: item.suggestion,
      match: "exact" as const,
    })),
  );
}

/**
 * The wider grants a human may pick instead, or `null` when no asking item has a safe wider
 * pattern. An item without one keeps its exact grant in the list.
 */
export function widerGrants(judgement: RequestVerdict): SessionGrant[] | null {
  let widened = false;
  const grants = asking(judgement).map((item): SessionGrant => {
    const wider = widerSuggestion(item);
    if (wider === null) {
      return { surface: judgement.surface, pattern: item.suggestion, match: "exact" };
    }
    widened = true;
    return { surface: judgement.surface, pattern: wider, match: "pattern" };
  });
  return widened ? dedupe(grants) : null;
}

/**
 * The grants of one session. They answer only asks: a grant is consulted after the policy
 * has found no deny, so it never outranks an explicit deny rule.
 */
export class SessionGrants {
  readonly #grants: RecordedGrant[] = [];

  /** Every grant, oldest first. */
  list(): readonly RecordedGrant[] {
    return [...this.#grants];
  }

  /**
   * Record the grants for every asking item of a request: exactly as shown, or the wider
   * patterns when `options.wider` and the request has any. Returns the grants added.
   */
  grant(judgement: RequestVerdict, options: GrantOptions = {}): RecordedGrant[] {
    const chosen = (options.wider ? widerGrants(judgement) : null) ?? exactGrants(judgement);
    const added: RecordedGrant[] = [];
    for (const grant of chosen) {
      if (this.#grants.some((g) => sameGrant(g, grant))) continue;
      const recorded = { ...grant, requestId: options.requestId ?? null };
      this.#grants.push(recorded);
      added.push(recorded);
    }
    return added;
  }

  /** Remove the grant at `index` of {@link list}; returns it, or `null` when there is none. */
  revoke(index: number): RecordedGrant | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.#grants.length) return null;
    return this.#grants.splice(index, 1)[0] ?? null;
  }

  /** Remove every grant; returns how many there were. */
  revokeAll(): number {
    return this.#grants.splice(0).length;
  }

  /**
   * The grant covering every asking item of an ask request, or `null`. A grant for one
   * unit of a chain never approves a sibling unit that asks too.
   */
  covering(judgement: RequestVerdict, facts: ToolCallFacts): RecordedGrant | null {
    if (judgement.action !== "ask") return null;
    let last: RecordedGrant | null = null;
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

function sameGrant(a: SessionGrant, b: SessionGrant): boolean {
  return a.surface === b.surface && a.pattern === b.pattern && a.match === b.match;
}

function dedupe(grants: SessionGrant[]): SessionGrant[] {
  return grants.filter((g, i) => grants.findIndex((o) => sameGrant(o, g)) === i);
}

function covers(grant: SessionGrant, item: JudgedItem, facts: ToolCallFacts): boolean {
  // INVARIANT: an exact grant covers only the item exactly as shown; a unit the analyzer could
  // not prove, and a registered hook's ask, are covered by nothing else.
  if (grant.match === "exact") return grant.pattern === item.suggestion;
  if (item.sentinel !== null || item.exact) return false;
  if (patternLanguage(grant.surface) === "path" || item.access !== undefined) {
    return matchesPathPattern(grant.pattern, item.value, { cwd: facts.cwd, home: facts.home });
  }
  return matchesBashPattern(grant.pattern, item.value);
}
