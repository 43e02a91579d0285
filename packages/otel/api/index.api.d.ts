import { Scrubbed } from "@pi-permission/log-cap";
import { PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
export { B as BatchSettings, D as DecisionEventSource, a as DecisionExportStats, b as DecisionExporter, c as DecisionExporterOptions, O as OtelExtensionHost, d as OtelExtensionOptions, e as OtelSessionContext, f as OtelSettings, g as OtlpProtocol, h as createDecisionExporter, i as createOtelExtension, p as default, r as readOtelSettings } from "./extension-eQ3tqfhj.js";
import "@opentelemetry/resources";
import "@opentelemetry/sdk-logs";
declare const DECISION_EVENT_NAME = "pi_permission.decision";
declare const DECISION_ATTRIBUTES: {
    readonly sessionId: "session.id";
    readonly agentName: "gen_ai.agent.name";
    readonly toolName: "gen_ai.tool.name";
    readonly requestId: "pi_permission.request.id";
    readonly surface: "pi_permission.surface";
    readonly result: "pi_permission.result";
    readonly resolution: "pi_permission.resolution";
    readonly decidedBy: "pi_permission.decided_by";
    readonly rulePattern: "pi_permission.rule.pattern";
    readonly ruleScope: "pi_permission.rule.scope";
    readonly hookId: "pi_permission.hook.id";
    readonly preemptedBy: "pi_permission.preempted_by";
    readonly callResult: "pi_permission.call.result";
    readonly callDecidingRequestId: "pi_permission.call.deciding_request.id";
    readonly prompted: "pi_permission.prompted";
    readonly forwarded: "pi_permission.forwarded";
    readonly forwardingAgentName: "pi_permission.forwarding.requester.agent.name";
    readonly forwardingSessionId: "pi_permission.forwarding.requester.session.id";
    readonly value: "pi_permission.value";
    readonly capped: "pi_permission.capped";
    readonly masked: "pi_permission.masked";
};
type DecisionAttributeValue = string | boolean | string[];
interface DecisionRecordOptions {
    sessionId: string | null;
    exportValues: boolean;
    fieldMaxWidth: number;
    scrub?: (text: string) => Scrubbed;
}
interface DecisionRecord {
    eventName: typeof DECISION_EVENT_NAME;
    severityNumber: 9 | 13 | 17;
    severityText: "INFO" | "WARN" | "ERROR";
    body: string;
    attributes: Record<string, DecisionAttributeValue>;
}
declare function decisionRecord(event: PermissionDecisionEvent, prompt: PermissionUiPromptEvent | null, options: DecisionRecordOptions): DecisionRecord;
export { DECISION_ATTRIBUTES, DECISION_EVENT_NAME, type DecisionAttributeValue, type DecisionRecord, type DecisionRecordOptions, decisionRecord };
