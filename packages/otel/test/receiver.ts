import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One OTLP/HTTP request the receiver took. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local OTLP/HTTP receiver: it answers every POST with 200 and keeps the request. For the
 * JSON protocol, `logRecords()` decodes the log records with their attributes flattened.
 */
export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    logRecords: () => requests.flatMap((r) => decodeJsonLogs(r.body.toString("utf8"))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A log record of the OTLP JSON protocol, attributes as plain values. */
export interface DecodedLogRecord {
  eventName: string | undefined;
  severityText: string | undefined;
  body: unknown;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value: AnyValue;
}

function plain(value: AnyValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return value.stringValue ?? value.boolValue ?? value.intValue;
}
function flatten(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, plain(kv.value)]));
}

/** The log records of one OTLP/JSON `ExportLogsServiceRequest`. */
export function decodeJsonLogs(text: string): DecodedLogRecord[] {
  const request = JSON.parse(text) as {
    resourceLogs?: Array<{
      resource?: { attributes?: KeyValue[] };
      scopeLogs?: Array<{
        logRecords?: Array<{
          eventName?: string;
          severityText?: string;
          body?: AnyValue;
          attributes?: KeyValue[];
        }>;
      }>;
    }>;
  };
  return (request.resourceLogs ?? []).flatMap((rl) =>
    (rl.scopeLogs ?? []).flatMap((sl) =>
      (sl.logRecords ?? []).map((lr) => ({
        eventName: lr.eventName,
        severityText: lr.severityText,
        body: lr.body ? plain(lr.body) : undefined,
        attributes: flatten(lr.attributes),
        resource: flatten(rl.resource?.attributes),
      })),
    ),
  );
}
