/**
 * Host-agnostic policy and gate evaluation.
 *
 * The policy layer: the policy file's schema and types ({@link PolicyDocumentSchema},
 * {@link PolicyDocument}), loading and merging the global and project files with fail-closed
 * handling of broken ones ({@link loadPolicy}), the ordered rule list with provenance and the
 * last-match evaluation of a surface ({@link evaluateSurface}), the two pattern languages
 * ({@link matchesBashPattern}, {@link matchesPathPattern}), the resolved runtime settings
 * ({@link PolicySettings}) and the validation issues with stable codes ({@link PolicyIssue}).
 *
 * @packageDocumentation
 */
export * from "./action.ts";
export * from "./policy/index.ts";
export * from "./runtime/index.ts";
