// A scripted OpenAI-compatible model on 127.0.0.1, for end-to-end tests that run a real `pi`
// process: Pi's `openai-completions` provider streams `POST /v1/chat/completions` as
// server-sent events, and this server answers each request with what the test scripts (tool
// calls or text), keeping every request body so a test can read what the model received.
// Register it as a custom provider in `<agentDir>/models.json` (writeModelsJson) and start
// Pi with `--model <provider>/<model>`. See /work/shared/pi-host.md §7c for the wire.
import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** One message of a chat-completions request, as Pi's openai provider sends it. */
export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/** A chat-completions request body, as received. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ function?: { name?: string } }>;
  stream?: boolean;
}

/** What the model answers: text, or tool calls made in one assistant message. */
export type ModelReply =
  | { text: string }
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };

/** Chooses the reply to a request; `index` counts the requests this server received. */
export type Responder = (request: ChatRequest, index: number) => ModelReply;

export interface ScriptedModel {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Every request body received, in order. */
  readonly requests: ChatRequest[];
  /** The `--model` argument that selects this server's model. */
  readonly modelArg: string;
  /** The provider entry of `models.json` (also what `pi.registerProvider` takes). */
  providerConfig(): Record<string, unknown>;
  /** Write `<agentDir>/models.json` registering this server as a custom provider. */
  writeModelsJson(agentDir: string): void;
  close(): Promise<void>;
}

export const PROVIDER = "scripted";
export const MODEL = "scripted-model";

/**
 * The usual script of a one-call agent: the first request gets `calls`; once the request
 * holds a tool result, the model says `done`.
 */
export function callThenDone(
  ...calls: Array<{ name: string; arguments: Record<string, unknown> }>
): Responder {
  return (request) =>
    request.messages.some((m) => m.role === "tool") ? { text: "done" } : { toolCalls: calls };
}

/** The tool results the model received in a request, by call id. */
export function toolResults(request: ChatRequest | undefined): Record<string, string> {
  const results: Record<string, string> = {};
  for (const m of request?.messages ?? []) {
    if (m.role !== "tool" || m.tool_call_id === undefined) continue;
    results[m.tool_call_id] =
      typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? null);
  }
  return results;
}

/** Start the server on a free port of 127.0.0.1. */
export async function startScriptedModel(respond: Responder): Promise<ScriptedModel> {
  const requests: ChatRequest[] = [];
  const server = createServer((req, res) => {
    void handle(req, res).catch((error) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    const request = JSON.parse(body) as ChatRequest;
    const index = requests.length;
    requests.push(request);
    const reply = respond(request, index);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({
          id: `chatcmpl-${index}`,
          object: "chat.completion.chunk",
          created: 0,
          model: request.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    if ("text" in reply) {
      chunk({ role: "assistant", content: reply.text }, null);
      chunk({}, "stop");
    } else {
      chunk(
        {
          role: "assistant",
          tool_calls: reply.toolCalls.map((call, i) => ({
            index: i,
            id: `call_${index}_${i}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        },
        null,
      );
      chunk({}, "tool_calls");
    }
    res.write("data: [DONE]\n\n");
    res.end();
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const providerConfig = () => ({
    baseUrl,
    api: "openai-completions",
    apiKey: "scripted-key",
    models: [{ id: MODEL }],
  });
  return {
    baseUrl,
    requests,
    modelArg: `${PROVIDER}/${MODEL}`,
    providerConfig,
    writeModelsJson(agentDir) {
      writeFileSync(
        join(agentDir, "models.json"),
        JSON.stringify({ providers: { [PROVIDER]: providerConfig() } }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
