// The embedded Inngest executor: runs Herald's Inngest functions when no Inngest server is
// configured, by speaking the SDK's own protocol to its serve handler, as Inngest's dev server does:
// in Herald's process the handler is called directly (server/runtime/in-process-functions.ts), the
// same signed requests without a socket; tests may serve it over HTTP.
// It supports what Herald uses: event and cron triggers, step.run memoization and retries,
// step.sleep / sleepUntil, step.waitForEvent with timeout, step.sendEvent, parallel steps,
// per-key concurrency limits, idempotency keys, cancelOn, function retries with backoff and
// onFailure handlers. Its state lives in the database, so a restart resumes every run. Time comes
// from the injectable clock. One active executor per database (a PostgreSQL advisory lock); it is
// meant for one machine, not as a replacement for an Inngest server.
import pg from "pg";
import { getDb, type Db } from "../db/client";
import { env } from "../env";
import { outsideApiKey } from "../lib/api-key-context";
import { getClock, observeClock, type Clock } from "../lib/clock";
import { logger } from "../lib/logger";
import { callFunction, httpTransport, type FunctionTransport } from "./call-function";
import { wallClockSeconds } from "./signing";
import { ConcurrencySlots } from "./concurrency-slots";
import { CronTriggers } from "./cron-triggers";
import { syncFunctions, type FunctionSpec } from "./functions";
import { applyResult, resolveDuePending, type RunState } from "./run-state";
import { fromRaw, stateColumns, stateOf, type Row } from "./run-row";
import { intakeEvents, type IncomingEvent } from "./run-intake";

export type { IncomingEvent };

export interface EmbeddedExecutorOptions {
  /** The app's Inngest endpoint, e.g. http://127.0.0.1:3000/api/inngest (with an in-process transport, the URL the SDK is told it is served at). */
  serveUrl: string;
  /** How requests reach the serve handler; by default HTTP to serveUrl. */
  transport?: FunctionTransport;
  signingKey: string;
  /** Defaults to DATABASE_URL; used for the advisory lock that keeps a second executor on standby. */
  databaseUrl?: string;
  clock?: Clock;
  pollIntervalMs?: number;
  /** Runs in flight at once; by default room for HERALD_TURN_CONCURRENCY sender turns and the rest. */
  maxParallel?: number;
  /** No background loop: only tick() and drain() move runs (deterministic tests and simulations). */
  manual?: boolean;
}

const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Runs of functions other than the sender turns that may be in flight beside a full set of turns
 * (take-sender-turn.ts caps the turns, so these slots stay free for webhooks, imports, the pass).
 */
const OTHER_RUNS_AT_ONCE = 16;

export function defaultMaxParallel(): number {
  return env().HERALD_TURN_CONCURRENCY + OTHER_RUNS_AT_ONCE;
}
const LOCK_KEY = 7_413_001;

type HistoryRecord = { stepId: string; name: string; op: string; attempt: number; error?: unknown; durationMs?: number };

export class EmbeddedExecutor {
  private functions = new Map<string, FunctionSpec>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly slots = new ConcurrencySlots();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private active = false;
  private lockClient: pg.Client | null = null;
  private lastHousekeeping = 0;
  private readonly cron = new CronTriggers();
  private unsubscribeClock: (() => void) | null = null;

  private readonly transport: FunctionTransport;

  constructor(private readonly options: EmbeddedExecutorOptions) {
    this.transport = options.transport ?? httpTransport();
  }

  private get db(): Db {
    return getDb();
  }

  private now(): Date {
    return (this.options.clock ?? getClock()).now();
  }

  get functionIds(): string[] {
    return [...this.functions.keys()];
  }

  /** Syncs the functions, recovers runs a crash left running, and starts the loop. */
  async start(): Promise<void> {
    this.running = true;
    await this.acquireLock();
    await this.sync();
    if (this.active) await this.recover();
    const clock = this.options.clock ?? getClock();
    this.unsubscribeClock = observeClock(clock, () => this.wake());
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribeClock?.();
    // A pass under way may still claim runs: let it finish, then wait for every run in flight.
    await this.tickChain;
    await Promise.allSettled([...this.inFlight.values()]);
    await this.lockClient?.end().catch(() => undefined);
    this.lockClient = null;
    this.active = false;
  }

  /** Reads the function list from the app (Inngest's in-band sync). */
  async sync(): Promise<void> {
    const specs = await syncFunctions(this.transport, this.options.serveUrl, this.options.signingKey, wallClockSeconds());
    this.functions = new Map(specs.map((spec) => [spec.id, spec]));
    await this.cron.sync(this.db, specs, this.now());
    logger.debug("Embedded executor synced functions", { functions: specs.map((spec) => spec.id) });
  }

  /** Wakes the loop at once (new events, a moved clock). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running || this.options.manual) return;
    if (this.timer) clearTimeout(this.timer);
    // An API request that sends an event wakes the loop: its runs are not the request's key's work
    // (server/lib/api-key-context.ts), so the timer is set outside the request's context.
    this.timer = outsideApiKey(() =>
      setTimeout(() => {
        this.timer = null;
        this.tick()
          .catch((error: unknown) => logger.error("Embedded executor tick failed", { error }))
          .finally(() => this.schedule(this.options.pollIntervalMs ?? 500));
      }, delayMs),
    );
  }

  private async acquireLock(): Promise<void> {
    const url = this.options.databaseUrl ?? process.env.DATABASE_URL;
    if (!url) {
      this.active = true;
      return;
    }
    this.lockClient ??= new pg.Client({ connectionString: url });
    try {
      await this.lockClient.connect();
    } catch {
      // Already connected on a retry.
    }
    const { rows } = await this.lockClient.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [LOCK_KEY]);
    this.active = Boolean(rows[0]?.locked);
    if (!this.active) {
      logger.warn("Another embedded executor is active on this database; this process stands by and will take over if it stops.");
    }
  }

  /** Runs a crash left in `running` go back to the queue; their unfinished step runs again. */
  private async recover(): Promise<void> {
    const recovered = await this.db.jobRun.updateMany({
      where: { status: "running" },
      data: { status: "queued", nextRunAt: this.now(), updatedAt: this.now() },
    });
    if (recovered.count) logger.info("Embedded executor resumed runs interrupted by a restart", { runs: recovered.count });
  }

  /**
   * One pass: cron triggers, then due runs up to the parallel limit. Returns how many started.
   * Passes never overlap: concurrency slots are counted between a pass's check and its claim.
   */
  tick(): Promise<number> {
    const pass = this.tickChain.then(() => this.tickOnce());
    this.tickChain = pass.then(
      () => undefined,
      () => undefined,
    );
    return pass;
  }

  private tickChain: Promise<void> = Promise.resolve();

  private async tickOnce(): Promise<number> {
    if (!this.active) {
      if (this.running) await this.acquireLock().then(() => (this.active ? this.sync().then(() => this.recover()) : undefined));
      if (!this.active) return 0;
    }
    const now = this.now();
    await this.cron.fire(this.db, this.functions.values(), now);
    await this.housekeeping(now);
    const capacity = (this.options.maxParallel ?? defaultMaxParallel()) - this.inFlight.size;
    if (capacity <= 0) return 0;
    // Runs whose concurrency slots are all taken are left out of the query, so a queue of them
    // (say 200 runs of a limit-1 function) cannot crowd out runs that could start.
    const saturated = this.slots.saturated();
    const candidates = await this.db.jobRun.findMany({
      where: {
        status: { in: ["queued", "waiting"] },
        nextRunAt: { lte: now },
        ...(saturated.length ? { NOT: { concurrencyKeys: { hasSome: saturated } } } : {}),
      },
      orderBy: [{ nextRunAt: "asc" }, { createdAt: "asc" }],
      select: { id: true, functionId: true, concurrencyKeys: true },
      take: capacity * 4,
    });
    let started = 0;
    for (const candidate of candidates) {
      if (started >= capacity) break;
      if (this.inFlight.has(candidate.id) || !this.slots.has(this.functions.get(candidate.functionId), candidate.concurrencyKeys)) continue;
      const [claimed] = await this.db.$queryRaw<Row[]>`
        UPDATE "JobRun" SET status = 'running', "updatedAt" = ${now}
        WHERE id = ${candidate.id} AND status IN ('queued', 'waiting') AND "nextRunAt" <= ${now}
        RETURNING *`;
      if (!claimed) continue;
      this.slots.take(this.functions.get(candidate.functionId), candidate.concurrencyKeys, 1);
      const work = this.advance(fromRaw(claimed))
        .catch((error: unknown) => logger.error("Embedded executor failed to advance a run", { runId: candidate.id, error }))
        .finally(() => {
          this.slots.take(this.functions.get(candidate.functionId), candidate.concurrencyKeys, -1);
          this.inFlight.delete(candidate.id);
          this.wake();
        });
      this.inFlight.set(candidate.id, work);
      started++;
    }
    return started;
  }

  /** Ticks until nothing is due now and nothing is in flight (tests and simulations). */
  async drain(maxRounds = 100_000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      // A run that finishes while a pass looks for work frees its concurrency slot after the pass
      // left out the runs waiting on it: settled only after a pass that began with nothing in flight.
      const busy = this.inFlight.size > 0;
      const started = await this.tick();
      if (this.inFlight.size) await Promise.race(this.inFlight.values());
      else if (!started && !busy) return;
    }
    throw new Error("The embedded executor did not settle");
  }

  /** Makes one request for a claimed run and records what came back. */
  private async advance(run: Row): Promise<void> {
    const spec = this.functions.get(run.functionId);
    const now = this.now();
    if (!spec) {
      await this.finish(run, "failed", { error: { name: "UnknownFunction", message: `No function ${run.functionId} is served any more` } }, []);
      return;
    }
    let state = resolveDuePending(stateOf(run), now);
    const stepId = state.planned[0] ?? "step";
    const started = performance.now();
    const result = await callFunction({
      serveUrl: this.options.serveUrl,
      transport: this.transport,
      functionId: run.functionId,
      stepId,
      signingKey: this.options.signingKey,
      nowSeconds: wallClockSeconds(),
      body: {
        event: run.event,
        events: run.events,
        steps: state.memo,
        ctx: {
          run_id: run.id,
          attempt: state.attempt,
          max_attempts: spec.maxAttempts,
          disable_immediate_execution: state.disableImmediate,
          use_api: false,
          stack: { stack: state.stack, current: state.stack.length },
        },
      },
    });
    const durationMs = Math.round(performance.now() - started);
    const after = this.now();
    const transition = applyResult({ state, result, stepId, maxAttempts: spec.maxAttempts, now: after });
    state = transition.state;
    const history = transition.history.map((entry) => ({ ...entry, durationMs }));
    if (transition.kind === "completed") {
      await this.finish(run, "completed", { state, output: transition.output }, history);
      return;
    }
    if (transition.kind === "failed") {
      await this.finish(run, "failed", { state, error: transition.error }, history);
      return;
    }
    await this.persist(run, {
      status: transition.kind === "waiting" ? "waiting" : "queued",
      state,
      nextRunAt: transition.nextRunAt,
      history,
      at: after,
    });
  }

  /**
   * Writes a run's new state and its history entries in one statement, only if the run is still
   * ours (a cancellation meanwhile wins). Returns whether it was written.
   */
  private async persist(
    run: Row,
    change: {
      status: "queued" | "waiting" | "completed" | "failed";
      state?: RunState;
      nextRunAt: Date | null;
      history: HistoryRecord[];
      at: Date;
      output?: unknown;
      error?: unknown;
    },
  ): Promise<boolean> {
    const columns = stateColumns(change.state ?? stateOf(run));
    const finished = change.status === "completed" || change.status === "failed";
    const rows = await this.db.$queryRaw<Array<{ id: string }>>`
      WITH updated AS (
        UPDATE "JobRun" SET
          memo = ${JSON.stringify(columns.memo)}::jsonb,
          stack = ${columns.stack}::text[],
          planned = ${columns.planned}::text[],
          attempt = ${columns.attempt},
          "disableImmediate" = ${columns.disableImmediate},
          pending = ${JSON.stringify(columns.pending)}::jsonb,
          "waitEvents" = ${columns.waitEvents}::text[],
          status = ${change.status}::"JobRunStatus",
          "nextRunAt" = ${change.nextRunAt},
          output = CASE WHEN ${change.output !== undefined} THEN ${JSON.stringify(change.output ?? null)}::jsonb ELSE output END,
          error = CASE WHEN ${change.error !== undefined} THEN ${JSON.stringify(change.error ?? null)}::jsonb ELSE error END,
          "startedAt" = COALESCE("startedAt", ${change.at}),
          "finishedAt" = ${finished ? change.at : null},
          "updatedAt" = ${change.at}
        WHERE id = ${run.id} AND status = 'running'
        RETURNING id
      ), history AS (
        INSERT INTO "JobRunStep" ("runId", "stepId", name, op, attempt, error, at, "durationMs")
        SELECT updated.id, h."stepId", h.name, h.op, h.attempt, h.error, ${change.at}, h."durationMs"
        FROM updated, jsonb_to_recordset(${JSON.stringify(change.history)}::jsonb)
          AS h("stepId" text, name text, op text, attempt int, error jsonb, "durationMs" int)
      )
      SELECT id FROM updated`;
    return rows.length > 0;
  }

  private async finish(
    run: Row,
    status: "completed" | "failed",
    outcome: { state?: RunState; output?: unknown; error?: unknown },
    history: HistoryRecord[],
  ): Promise<void> {
    const finished = await this.persist(run, {
      status,
      state: outcome.state,
      nextRunAt: null,
      history,
      at: this.now(),
      output: status === "completed" ? (outcome.output ?? null) : undefined,
      error: outcome.error,
    });
    if (finished && status === "failed") {
      logger.warn("Background job failed", { runId: run.id, functionId: run.functionId, error: outcome.error });
      await this.receiveEvents([
        {
          name: "inngest/function.failed",
          data: { function_id: run.functionId, run_id: run.id, error: outcome.error, event: run.event },
        },
      ]);
    }
  }

  /**
   * Takes events (from the event API or from inside): stores each once (a repeated id is ignored),
   * starts the functions they trigger, resumes runs waiting for them and cancels runs they cancel,
   * all of a request's events in one transaction.
   */
  async receiveEvents(events: IncomingEvent[]): Promise<string[]> {
    const ids = await intakeEvents(this.db, [...this.functions.values()], events, this.now());
    this.wake();
    return ids;
  }

  private async housekeeping(now: Date): Promise<void> {
    if (now.getTime() - this.lastHousekeeping < 3_600_000) return;
    this.lastHousekeeping = now.getTime();
    const cutoff = new Date(now.getTime() - RETENTION_MS);
    await this.db.jobRun.deleteMany({ where: { status: { in: ["completed", "failed", "cancelled"] }, finishedAt: { lt: cutoff } } });
    await this.db.jobEvent.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  }
}

