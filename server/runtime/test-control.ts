// The browser tests' hold on time: with HERALD_TEST_CONTROL_TOKEN set, Herald runs on a ShiftedClock
// (the wall clock plus an offset that only grows), and three requests, answered here in the runtime
// before Next.js, let a test move it instead of waiting for it:
//
//   GET  /api/test-control/now                         {"now": "…"}: Herald's time
//   POST /api/test-control/advance {"milliseconds": n} moves Herald's time n ms ahead (at most 30 days)
//   POST /api/test-control/settle                      waits until no job is due now or running
//
// A move wakes the embedded executor at once, so the minute's executor pass, a step's sleep or a
// retry that fell due runs as it would have at that time; settle waits for what a move (or a click)
// set going, outbox notifications included. Each request needs `Authorization: Bearer <token>`.
// Herald refuses to start with the token unless it listens on loopback only (server/env.ts), and
// without it these paths are unknown /api routes (404), so an installation never has them.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ShiftedClock } from "../lib/clock";

const PREFIX = "/api/test-control/";
const MAX_ADVANCE_MS = 30 * 24 * 60 * 60 * 1000;
const SETTLE_TIMEOUT_MS = 60_000;
const MAX_BODY_BYTES = 1024;

export interface TestControlOptions {
  token: string;
  clock: ShiftedClock;
  /** Waits until nothing is due now or in flight (the embedded executor's drain); null: no executor. */
  drain: (() => Promise<void>) | null;
  /** Waits for outbox notifications this process started. */
  settleNotifications: () => Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(text)), "cache-control": "no-store" });
  response.end(text);
  return true;
}

function refuse(response: ServerResponse, status: number, code: string, message: string): true {
  return send(response, status, { error: { code, message } });
}

function authorized(request: IncomingMessage, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_BODY_BYTES) throw new Error("too large");
  }
  return text ? JSON.parse(text) : {};
}

/** Settles twice in a row: work one drain finishes may notify the outbox, whose runs the next one takes. */
async function settle(options: TestControlOptions): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await options.settleNotifications();
    await options.drain?.();
  }
}

async function withTimeout(work: Promise<void>, milliseconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([work.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), milliseconds)))]);
  clearTimeout(timer);
  return finished;
}

/** A request handler for /api/test-control/*: answers and returns true for those paths, false for the rest. */
export function createTestControl(options: TestControlOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const handle = async (request: IncomingMessage, response: ServerResponse, action: string): Promise<void> => {
    if (!authorized(request, options.token)) {
      refuse(response, 401, "unauthorized", "The test control needs Authorization: Bearer with HERALD_TEST_CONTROL_TOKEN.");
      return;
    }
    const method = request.method ?? "GET";
    if (action === "now" && method === "GET") {
      send(response, 200, { now: options.clock.now().toISOString() });
      return;
    }
    if (action === "advance" && method === "POST") {
      let milliseconds: unknown;
      try {
        milliseconds = (await readJson(request) as { milliseconds?: unknown }).milliseconds;
      } catch {
        refuse(response, 400, "invalid-input", "The body must be JSON such as {\"milliseconds\": 60000}.");
        return;
      }
      if (typeof milliseconds !== "number" || !Number.isInteger(milliseconds) || milliseconds < 0 || milliseconds > MAX_ADVANCE_MS) {
        refuse(response, 400, "invalid-input", "milliseconds must be a whole number from 0 to 30 days (2592000000).");
        return;
      }
      send(response, 200, { now: options.clock.advance(milliseconds).toISOString() });
      return;
    }
    if (action === "settle" && method === "POST") {
      if (!(await withTimeout(settle(options), SETTLE_TIMEOUT_MS))) {
        refuse(response, 503, "unavailable", `Background jobs were still running after ${SETTLE_TIMEOUT_MS / 1000} s.`);
        return;
      }
      send(response, 200, { now: options.clock.now().toISOString() });
      return;
    }
    refuse(response, 404, "not-found", "The test control answers GET now, POST advance and POST settle.");
  };

  return (request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    if (!path.startsWith(PREFIX)) return false;
    handle(request, response, path.slice(PREFIX.length)).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, "internal", error instanceof Error ? error.message : "The test control failed.");
    });
    return true;
  };
}
