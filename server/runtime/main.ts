// Herald's process: validates the environment, brings up the database (the user's PostgreSQL or
// the embedded one), applies migrations, optionally seeds the demo workspace, then serves on one
// port the public API /api/v1 itself (the request gate routes it to the registry's handlers,
// server/openapi/registry.ts) and everything else through Next.js (dashboard, tRPC, Auth.js,
// /api/inngest and the other internal routes).
//
//   node .herald/main.mjs [--dev] [--demo]
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import nextEnv from "@next/env";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { PAGE_LOAD_PATH_HEADER, pageLoadPath } from "../http/request-path";
import type { DemoWorkspace } from "../services/demo/seed-demo-workspace";

/** How long a stop may take before the process exits anyway (the sum of its stages' bounds, and some). */
const SHUTDOWN_GRACE_SECONDS = 35;

/** How long an idle keep-alive connection is kept open (announced as Keep-Alive: timeout=65). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const dev = process.argv.includes("--dev");
const demo = process.argv.includes("--demo");
const root = process.env.HERALD_ROOT ?? process.cwd();
if (process.env.NODE_ENV !== "test") {
  (process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
}
nextEnv.loadEnvConfig(root, dev);

async function main() {
  // Files Herald writes (the embedded database, generated secrets) are for its own user only.
  process.umask(0o077);
  const { parseEnv, EnvError, publicUrl } = await import("../env");
  const { logger } = await import("../lib/logger");
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The browser tests' clock (server/runtime/test-control.ts), installed before anything reads the time.
  const { setClock, ShiftedClock } = await import("../lib/clock");
  const testClock = env.HERALD_TEST_CONTROL_TOKEN ? new ShiftedClock() : null;
  if (testClock) {
    setClock(testClock);
    logger.warn("The test control is on (HERALD_TEST_CONTROL_TOKEN): Herald's clock moves when a test tells it to. Never set it on a real installation.");
  }
  const dataDir = path.resolve(root, env.HERALD_DATA_DIR);
  const { ensureSecrets } = await import("./secrets");
  ensureSecrets(dataDir);

  const { prepareDatabase } = await import("./prepare-database");
  const database = await prepareDatabase({ dataDir, databaseUrl: env.DATABASE_URL, statementTimeoutMs: env.HERALD_DATABASE_STATEMENT_TIMEOUT * 1000 });

  // Background jobs: an Inngest server when one is configured, else the embedded executor, whose
  // event API must be up before the app starts so the SDK is pointed at it.
  const { inngestServerConfigured, connectToEmbeddedExecutor } = await import("../../inngest/connection");
  const embedded = await import("../embedded-inngest/embedded-mode");
  const { EmbeddedExecutor } = await import("../embedded-inngest/executor");
  const { startEventApi } = await import("../embedded-inngest/event-api");
  let executor: InstanceType<typeof EmbeddedExecutor> | null = null;
  let eventApi: Awaited<ReturnType<typeof startEventApi>> | null = null;
  const signingKey = embedded.generateSigningKey();
  if (!inngestServerConfigured()) {
    if (process.env.INNGEST_STREAMING) {
      console.error("INNGEST_STREAMING is set but no Inngest server is: the embedded executor takes each step's answer whole. Remove INNGEST_STREAMING, or set INNGEST_BASE_URL and the keys of your Inngest server.");
      process.exit(1);
    }
    const eventKey = embedded.generateEventKey();
    eventApi = await startEventApi({ eventKey, port: env.HERALD_INNGEST_PORT, executor: () => executor });
    connectToEmbeddedExecutor({ eventApiUrl: eventApi.url, signingKey, eventKey, transport: eventApi.transport });
  }

  const { default: next } = await import("next");
  const app = next({ dev, dir: root, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const { apiHandlersById, servedOperations } = await import("../openapi/registry");
  const { createApiServer } = await import("../http/serve-api");
  const { createRequestGate } = await import("../http/request-gate");
  const { answerClientError } = await import("../http/client-error");
  const { trackRequests } = await import("./graceful-shutdown");
  const { toErrorBody } = await import("../lib/errors");
  const { createTrackingHostGate } = await import("../http/tracking-host-gate");
  const { trackingHostState } = await import("../services/mail/tracking-domains/verified-tracking-hosts");
  const hostGate = createTrackingHostGate({ heraldHost: new URL(publicUrl()).hostname, trustedProxies: env.HERALD_TRUST_PROXY, trackingHostState });
  const { serveMcp } = await import("../mcp/serve-mcp-node");
  const gate = createRequestGate({ operations: servedOperations, publicUrlIsHttps: publicUrl().startsWith("https:"), dev, serveApi: createApiServer(apiHandlersById), serveMcp });
  const { settleOutboxNotifications } = await import("../services/events/notify-outbox");
  const { createTestControl } = await import("./test-control");
  const testControl =
    testClock && env.HERALD_TEST_CONTROL_TOKEN
      ? createTestControl({ token: env.HERALD_TEST_CONTROL_TOKEN, clock: testClock, drain: () => executor?.drain() ?? Promise.resolve(), settleNotifications: settleOutboxNotifications })
      : null;
  const server = createServer();
  // Idle keep-alive connections stay open longer than clients and proxies keep theirs: with Node's
  // 5 s default, a client that reuses a connection just as the server closes it (agents that ignore
  // the Keep-Alive hint do, Playwright's among them) gets ECONNRESET on a request that never arrived.
  // 65 s outlasts the 60 s idle timeout of the usual load balancers; the headers timeout must be
  // longer still, or a reused connection's next request can be cut off while it is being read.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const requests = trackRequests(server);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    // Route handlers cannot see the socket: hand them its address, overwriting any client's claim.
    request.headers[CLIENT_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    // Nor can layouts see the path: the dashboard's keeps approvers to their pages with it.
    const loading = pageLoadPath(request);
    if (loading) request.headers[PAGE_LOAD_PATH_HEADER] = loading;
    else delete request.headers[PAGE_LOAD_PATH_HEADER];
    if (testControl?.(request, response)) return;
    const serve = () => {
      if (gate(request, response)) return;
      handle(request, response).catch((error: unknown) => {
        logger.error("Unhandled request error", { error });
        if (!response.headersSent) {
          response.writeHead(500, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(toErrorBody(error).body));
        }
      });
    };
    // Tracking hosts serve /t/ and /u/ only; /t/ and /u/ answer on known hosts only (tracking-host-gate.ts).
    const refused = hostGate(request, response);
    if (refused === false) serve();
    else if (refused !== true) void refused.then((answered) => answered || serve());
  });
  server.on("clientError", answerClientError);
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  // Auth.js's own setting for the public address (server/auth/auth-request-url.ts): without it,
  // Auth.js takes the listening address, http://0.0.0.0:PORT by default, as Herald's. Set as the
  // port is bound, before the first request can be read.
  const { authUrlFor } = await import("../auth/auth-request-url");
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      const bound = (server.address() as AddressInfo).port;
      if (!process.env.AUTH_URL && !process.env.NEXTAUTH_URL) process.env.AUTH_URL = authUrlFor(env.HERALD_URL, bound);
      resolve();
    });
  });
  // PORT=0 lets the system choose a free port (the tests do): from here on, the port actually bound.
  const port = (server.address() as AddressInfo).port;

  if (eventApi) {
    const { inProcessFunctions, IN_PROCESS_SERVE_URL } = await import("./in-process-functions");
    executor = new EmbeddedExecutor({ serveUrl: IN_PROCESS_SERVE_URL, transport: inProcessFunctions(), signingKey, databaseUrl: database.url });
    await executor.start();
    // Deliver whatever was committed while Herald was down.
    const { notifyOutbox } = await import("../services/events/notify-outbox");
    await notifyOutbox("startup");
  }

  // The demo workspace once the jobs run: connecting its senders and mailbox asks for their first
  // conversation read and DNS checks, which an executor still starting would refuse.
  let seeded: DemoWorkspace | null = null;
  if (demo || env.HERALD_SEED_DEMO) {
    const { seedDemoWorkspace } = await import("../services/demo/seed-demo-workspace");
    seeded = await seedDemoWorkspace();
    // The first start only (an empty company database): a few seconds on the embedded database.
    const { seedDemoCompanyDatabase } = await import("../services/demo/seed-demo-company-database");
    const started = performance.now();
    const companies = await seedDemoCompanyDatabase();
    if (companies) logger.info("Generated the demo company database", { companies, seconds: Math.round(performance.now() - started) / 1000 });
  }

  const url = `http://localhost:${port}`;
  const demoLines = seeded
    ? [
        `  Sign in:   ${seeded.email} / ${seeded.password}`,
        `  API key:   ${seeded.apiKey}`,
        `  Try it:    curl -H "Authorization: Bearer ${seeded.apiKey}" ${url}/api/v1/workspace`,
        `  Companies: ${url}/companies (a generated company database to search; each result costs an AI credit)`,
        ...(seeded.sampleCampaignId
          ? [`  Sample:    a paused campaign on two sandbox senders: ${url}/campaigns/${seeded.sampleCampaignId} (look at its Forecast, then Activate)`]
          : []),
        ...(seeded.crossChannelCampaignId ? [`  Sample:    e-mail and LinkedIn together, on the sample mailbox too: ${url}/campaigns/${seeded.crossChannelCampaignId}`] : []),
        ...(seeded.historyCampaignId
          ? [`  History:   twelve weeks of a campaign that ran: its outcomes on ${url}/analytics, its A/B test's verdict at ${url}/campaigns/${seeded.historyCampaignId} (Experiments)`]
          : []),
      ]
    : [];
  console.log(
    [
      "",
      `Herald is running at ${url}`,
      `  Database:  ${database.embedded ? `embedded PostgreSQL in ${database.embedded.dataDir}` : "DATABASE_URL"}`,
      `  Jobs:      ${executor ? "embedded Inngest executor" : `Inngest at ${process.env.INNGEST_BASE_URL ?? process.env.INNGEST_API_BASE_URL ?? "Inngest Cloud"}`}`,
      ...demoLines,
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`Received ${signal}, shutting down`);
    // A client that left the embedded database in a transaction would hold every stage below.
    database.embedded?.stopping();
    // Each stage has its own bound, and their sum stays under the forced exit, so the database is
    // always closed cleanly: 10 s for the executor, 10 s for requests, 5 s for notifications, 5 s
    // to close (compose.yaml's stop_grace_period gives a container longer than this before it kills it).
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    // The executor first: its runs in flight finish while the database and the event API are up. A
    // run still going after 10 s is cut off and picked up again by the next start.
    if (executor && !(await settleWithin(executor.stop(), 10_000))) logger.warn("Background runs still going after 10 s were cut off; the next start resumes them");
    const drained = await requests.drain(10_000);
    if (!drained) logger.warn("Requests still running after 10 s were cut off");
    // Commits answered just now have started outbox notifications that callers did not wait for:
    // let them leave while the event API and the database are up (the executor, stopped, finds the
    // runs they queue on its next start). One that does not leave in time is only a hint lost: the
    // dispatcher's minute sweep delivers its events.
    const settled = await settleWithin(settleOutboxNotifications(), 5_000);
    if (!settled) logger.warn("Outbox notifications still unsent after 5 s were dropped; the dispatcher's sweep will deliver their events");
    await eventApi?.close();
    await app.close().catch(() => undefined);
    const { disconnectDb } = await import("../db/client");
    await disconnectDb();
    await database.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Whether the work finished within the time given (it is not cancelled when it did not). */
async function settleWithin(work: Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    work.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  return settled;
}

main().catch((error: unknown) => {
  console.error("Herald failed to start:", error instanceof Error ? error.message : error);
  if (process.env.HERALD_LOG_LEVEL === "debug" && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
