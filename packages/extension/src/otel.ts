// The bundle's second Pi extension: permission decisions into OpenTelemetry
// (@pi-permission/otel), off unless an OTLP endpoint is set. It is given the review log's own
// search for secrets inside commands, so a value the user opted to export is masked exactly
// as the review log masks it. Only the light extension entry is imported: the OpenTelemetry
// SDK loads when exporting is on.
import { homedir } from "node:os";
import type { BashAnalyzer } from "@pi-permission/bash";
import { createOtelExtension } from "@pi-permission/otel/extension";
import { findCommandSecrets, scrubSecrets } from "./command-secrets.ts";
import { sharedAnalyzer } from "./session-state.ts";

let analyzer: BashAnalyzer | undefined;

export default createOtelExtension({
  scrub: (text) => {
    if (analyzer === undefined) {
      sharedAnalyzer().then(
        (loaded) => {
          analyzer = loaded;
        },
        () => undefined,
      );
    }
    const analysis = analyzer?.analyze(text, { cwd: process.cwd(), home: homedir() }) ?? null;
    return scrubSecrets(text, findCommandSecrets(text, analysis));
  },
});
