// A real HTTP server standing in for Unipile (a paid API) in tests: each test scripts the answer
// per method and path, and reads back what the provider sent (headers, query, JSON or multipart).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  json: unknown;
  form: FormData | null;
}

export interface Answer {
  status: number;
  body?: unknown;
  /** Sent as is instead of JSON (a proxy's HTML error page, say). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Never answer: the request hangs until the client gives up. */
  hang?: boolean;
}

type Responder = Answer | ((request: ReceivedRequest) => Answer);

export interface FakeUnipile {
  dsn: string;
  received: ReceivedRequest[];
  /** Answers `METHOD /path` (path without query) from now on; the last answer given wins. */
  on(method: string, path: string, responder: Responder): void;
  /** The requests sent to one route. */
  requests(method: string, path: string): ReceivedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeUnipile(): Promise<FakeUnipile> {
  const routes = new Map<string, Responder>();
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const contentType = request.headers["content-type"] ?? "";
      let json: unknown = null;
      let form: FormData | null = null;
      if (contentType.startsWith("application/json") && raw.length) json = JSON.parse(raw.toString("utf8"));
      if (contentType.startsWith("multipart/form-data")) form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
      const entry: ReceivedRequest = { method: request.method ?? "GET", path: url.pathname, query: url.searchParams, headers: request.headers, json, form };
      received.push(entry);

      const responder = routes.get(`${entry.method} ${entry.path}`);
      const answer: Answer = !responder
        ? { status: 404, body: { title: "Not Found", type: "errors/resource_not_found", status: 404, detail: `no fake route for ${entry.method} ${entry.path}` } }
        : typeof responder === "function"
          ? responder(entry)
          : responder;
      if (answer.hang) return;
      const payload = answer.rawBody ?? (answer.body === undefined ? "" : JSON.stringify(answer.body));
      response.writeHead(answer.status, { "content-type": answer.rawBody ? "text/html" : "application/json", ...answer.headers });
      response.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://127.0.0.1:${port}`,
    received,
    on(method, path, responder) {
      routes.set(`${method} ${path}`, responder);
    },
    requests(method, path) {
      return received.filter((request) => request.method === method && request.path === path);
    },
    reset() {
      routes.clear();
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
