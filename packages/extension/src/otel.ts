// The bundle's second Pi extension: permission decisions into OpenTelemetry
// (@pi-permission/otel), off unless an OTLP endpoint is set. It is given the review log's own
// search for secrets inside commands, so a value the user opted to export is masked exactly
// as the review log masks it. Only the light extension entry is imported: the OpenTelemetry
// SDK loads when exporting is on.
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { BashAnalyzer } from "@pi-permission/bash";
import { createOtelExtension, readOtelSettings } from "@pi-permission/otel/extension";
import { findCommandSecrets, scrubSecrets } from "./command-secrets.ts";
import { sharedAnalyzer } from "./session-state.ts";

let analyzer: BashAnalyzer | undefined;

const otel = createOtelExtension({
  scrub: (text) => {
    const analysis = analyzer?.analyze(text, { cwd: process.cwd(), home: homedir() }) ?? null;
    return scrubSecrets(text, findCommandSecrets(text, analysis));
  },
});

export default function piPermissionOtel(pi: ExtensionAPI): void {
  otel(pi);
  pi.on("session_start", async () => {
    const settings = readOtelSettings(process.env);
    // The secret search reads the bash analysis (headers, options); load it before the first
    // decision, and only when values leave the machine.
    if (!settings.enabled || !settings.exportValues || analyzer) return;
    analyzer = await sharedAnalyzer().catch(() => undefined);
  });
}
