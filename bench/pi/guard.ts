// Loaded last in every benchmark session: a call that every permission extension let through
// stops here, so no corpus command (`rm -rf build`, …) ever runs, and the session with no
// permission extension pays for exactly this one handler, as the others do.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export const GUARD_REASON = "bench-guard: allowed by the extension under test, not run";

export default function guard(pi: ExtensionAPI): void {
  pi.on("tool_call", () => ({ block: true, reason: GUARD_REASON }));
}
