/**
 * Every text pi-permission renders from a prompt payload: the agent-facing denials, the
 * prompt dialog, the review-log facts, and the permission-state cards. Pure functions over
 * data; colours come in through a style callback, so the package knows no theme.
 *
 * @packageDocumentation
 */
export {
  type AgentTextOptions,
  DEFAULT_PROMPT_FIELD_MAX_WIDTH,
  EXTENSION_TAG,
  type GateErrorFacts,
  renderGateErrorDenial,
  renderPolicyDenial,
  renderUnavailableDenial,
  renderUnregisteredToolDenial,
  renderUserDenial,
} from "./agent.ts";
export {
  DEFAULT_PROMPT_MAX_ROWS,
  type PromptDialogExpandedOptions,
  type PromptDialogOptions,
  type PromptDialogRole,
  renderPromptDialog,
  renderPromptDialogExpanded,
} from "./dialog.ts";
export {
  type GrantLine,
  type GrantRenderOptions,
  renderGrantList,
  renderGrantPreview,
} from "./grants.ts";
export { type ReviewLogFacts, renderReviewLogFacts } from "./review-log.ts";
export {
  type PermissionCardOptions,
  type PermissionCardRole,
  type PermissionStateSummary,
  renderPermissionStateCompact,
  renderPermissionStateExpanded,
  summarizePermissionState,
} from "./state-card.ts";
export type { TextStyle } from "./text.ts";
export { describeBashCommandContext, flaggedElementLabel, flaggedElements } from "./vocabulary.ts";
