// A local HTTP server standing in for a paid third-party API (OpenAI, ElevenLabs, S3) in tests:
// it records every request and answers with what the test's handler returns, in the service's
// documented shape. Real HTTP, so the adapters' own fetch calls, headers and bodies are exercised.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
  /** Closes the connection without answering, as a server dying mid-request (or a network cut) would. */
  drop?: boolean;
}

export interface LocalHttpFake {
  url: string;
  requests: FakeRequest[];
  /** Replaces how the fake answers. */
  handle(handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): void;
  close(): Promise<void>;
}

export async function startLocalHttpFake(handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> = () => ({ status: 404 })): Promise<LocalHttpFake> {
  let current = handler;
  const requests: FakeRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const address = new URL(request.url ?? "/", "http://fake.test");
      const received: FakeRequest = {
        method: request.method ?? "GET",
        url: request.url ?? "/",
        path: address.pathname,
        query: address.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      Promise.resolve()
        .then(() => current(received))
        .then(
          (answer) => {
            if (answer.drop) {
              request.socket.destroy();
              return;
            }
            const headers = { ...answer.headers };
            let body: Buffer | string | undefined;
            if (answer.body === undefined || typeof answer.body === "string" || Buffer.isBuffer(answer.body)) body = answer.body as Buffer | string | undefined;
            else {
              body = JSON.stringify(answer.body);
              headers["content-type"] ??= "application/json";
            }
            response.writeHead(answer.status ?? 200, headers);
            response.end(request.method === "HEAD" ? undefined : body);
          },
          (error: unknown) => {
            response.writeHead(500, { "content-type": "text/plain" });
            response.end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A multipart/form-data body of these text fields, as services post forms (SendGrid's Inbound Parse, Mailgun's routes with attachments). */
export function multipartForm(fields: Record<string, string>, boundary = "xYzZY"): { rawBody: string; contentType: string } {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { rawBody: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
