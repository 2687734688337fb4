// A real HTTP receiver for webhook tests, whose behaviour each test scripts: answer a status,
// answer late, or be down (port closed).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  /** The request's path and query, e.g. "/hooks/gone". */
  path: string;
  rawBody: string;
  body: { event: string; workspaceId: string; createdAt: string; data: Record<string, unknown> };
  answeredStatus: number;
}

export interface Answer {
  status: number;
  delayMs?: number;
  /** The response body; "ok" when unset. */
  body?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Answers for the next requests, in order; the last one repeats. */
  answer(...answers: Answer[]): void;
  goDown(): Promise<void>;
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let answers: Answer[] = [{ status: 200 }];
  const received: ReceivedDelivery[] = [];
  let port = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (answers.length > 1 ? answers.shift() : answers[0])!;
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const reply = () => {
        received.push({ headers: request.headers, path: request.url ?? "/", rawBody, body: JSON.parse(rawBody), answeredStatus: answer.status });
        if (!response.destroyed) response.writeHead(answer.status).end(answer.body ?? "ok");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  await listen();
  port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(...next) {
      answers = next;
    },
    goDown: stop,
    comeBack: listen,
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
