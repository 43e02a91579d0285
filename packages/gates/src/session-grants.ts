import { SENTINELS } from "@pi-permission/bash";
import { matchesBashPattern, matchesPathPattern, patternLanguage } from "@pi-permission/policy";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { widerSuggestion } from "./suggest.ts";

/**
 * What a human approved "for this session": a surface and a pattern. An `exact` grant covers
 * only an item judged exactly as shown (its text is compared, never matched as a pattern, so a
 * `*` in a command stays literal); a `pattern` grant is matched like a policy rule.
 *
 * A file of the `path` and `external_directory` requests is granted on the surface of its
 * access (`path_read`, `external_directory_write`), the one its rules were read from: a grant
 * for reading a file never covers writing it, nor the reverse; a file read and written is
 * granted on both halves and needs both (S33 grant-access, r33f F4).
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
  /**
   * Set when the human gave it for "the whole session" of a subagent's forwarded ask: only
   * such grants answer the asks subagents forward (S33 parent-grant-child, r33f F6).
   */
  subagents?: true;
}

/** How a request is approved for the session. */
export interface GrantOptions {
  /** The request being approved, recorded beside each grant. */
  requestId?: string | null;
  /** Add the wider patterns (`widerGrants`) instead of the exact ones. */
  wider?: boolean;
  /** The grants cover the asks subagents forward too ("the whole session"). */
  subagents?: boolean;
}

/** The request surfaces whose items are files granted per access half. */
const ACCESS_FAMILIES: ReadonlySet<string> = new Set(["path", "external_directory"]);

/**
 * The surfaces one asking item is granted on: its access halves for a file of the path
 * families, the request's surface otherwise.
 */
function grantSurfaces(judgement: RequestVerdict, item: JudgedItem): string[] {
  if (!ACCESS_FAMILIES.has(judgement.surface) || item.access === undefined) {
    return [judgement.surface];
  }
  const halves = item.access === "read_write" ? ["read", "write"] : [item.access];
  return halves.map((half) => `${judgement.surface}_${half}`);
}

/**
 * The sentinels that say an item's meaning is made when it runs, whatever its text: a path
 * that may be any file (computed, or looked up before a sibling call could move a link), a
 * word known only at run time, a string bash evaluates later.
 */
const UNFIXED_SENTINELS: ReadonlySet<string> = new Set([
  SENTINELS.computedPath,
  SENTINELS.concurrentCall,
  SENTINELS.computedWord,
  SENTINELS.evaluatedString,
]);

/**
 * Whether a grant may cover the item at all. An item whose meaning its text does not fix (a
 * computed path `$F`, a unit with a word bash makes when it runs such as
 * `"$(cat tool.txt)" README.md`, a computed word, an evaluated string) names nothing a grant
 * could keep to: the same text is another file or program on the next run (S33 grant-unfixed,
 * r33f F1/F1b). Such a request is approved once at most. A wrapper's or an opaque unit whose
 * words are all written out (`sudo apt update`, `python3 -c 'print(1)'`) is granted exactly,
 * as a script runner's is.
 */
export function grantable(item: JudgedItem): boolean {
  return item.unfixed !== true && !(item.sentinel !== null && UNFIXED_SENTINELS.has(item.sentinel));
}

/** Whether every asking item of the request may be granted; otherwise no grant is offered. */
export function requestGrantable(judgement: RequestVerdict): boolean {
  const items = asking(judgement);
  return items.length > 0 && items.every(grantable);
}

/**
 * The grants approving a request for the session exactly as shown: one per asking item, the
 * default of every session or persistent approval.
 */
export function exactGrants(judgement: RequestVerdict): SessionGrant[] {
  if (!requestGrantable(judgement)) return [];
  return dedupe(
    asking(judgement).flatMap((item) =>
      grantSurfaces(judgement, item).map((surface) => ({
        surface,
        pattern: item.suggestion,
        match: "exact" as const,
      })),
    ),
  );
}

/**
 * The wider grants a human may pick instead, or `null` when no asking item has a safe wider
 * pattern. An item without one keeps its exact grant in the list.
 */
export function widerGrants(judgement: RequestVerdict): SessionGrant[] | null {
  if (!requestGrantable(judgement)) return null;
  let widened = false;
  const grants = asking(judgement).flatMap((item): SessionGrant[] => {
    const wider = widerSuggestion(item);
    if (wider !== null) widened = true;
    return grantSurfaces(judgement, item).map((surface) =>
      wider === null
        ? { surface, pattern: item.suggestion, match: "exact" }
        : { surface, pattern: wider, match: "pattern" },
    );
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
      const held = this.#grants.find((g) => sameGrant(g, grant));
      if (held) {
        // The same grant given again for the whole session now reaches subagents too.
        if (options.subagents) held.subagents = true;
        continue;
      }
      const recorded: RecordedGrant = { ...grant, requestId: options.requestId ?? null };
      if (options.subagents) recorded.subagents = true;
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
    return coveringOf(this.#grants, judgement, facts);
  }

  /**
   * The grant given for "the whole session" covering a subagent's forwarded ask, or `null`.
   * A grant the human gave the parent's own call never answers a subagent's: that dialog
   * never said it would (S33 parent-grant-child, r33f F6).
   */
  coveringSubagent(judgement: RequestVerdict, facts: ToolCallFacts): RecordedGrant | null {
    return coveringOf(
      this.#grants.filter((g) => g.subagents === true),
      judgement,
      facts,
    );
  }
}

function coveringOf(
  grants: readonly RecordedGrant[],
  judgement: RequestVerdict,
  facts: ToolCallFacts,
): RecordedGrant | null {
  if (judgement.action !== "ask") return null;
  const items = asking(judgement);
  // INVARIANT: an item whose meaning its text does not fix is covered by no grant (r33f F1).
  if (items.length === 0 || !items.every(grantable)) return null;
  let last: RecordedGrant | null = null;
  for (const item of items) {
    // Every access half of the item needs its own grant (r33f F4).
    for (const surface of grantSurfaces(judgement, item)) {
      const grant = grants.find((g) => g.surface === surface && covers(g, item, facts));
      if (!grant) return null;
      last = grant;
    }
  }
  return last;
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
  if (!grantable(item)) return false;
  if (grant.match === "exact") return grant.pattern === item.suggestion;
  if (item.sentinel !== null) return false;
  if (item.exact) return false;
  if (patternLanguage(grant.surface) === "path" || item.access !== undefined) {
    return matchesPathPattern(grant.pattern, item.value, { cwd: facts.cwd, home: facts.home });
  }
  return matchesBashPattern(grant.pattern, item.value);
}
