// The embedded Inngest executor: runs Herald's Inngest functions when no Inngest server is
// configured, by speaking the SDK's own HTTP protocol to /api/inngest, as Inngest's dev server does.
// It supports what Herald uses: event and cron triggers, step.run memoization and retries,
// step.sleep / sleepUntil, step.waitForEvent with timeout, step.sendEvent, parallel steps,
// per-key concurrency limits, idempotency keys, cancelOn, function retries with backoff and
// onFailure handlers. Its state lives in the database, so a restart resumes every run. Time comes
// from the injectable clock. One active executor per database (a PostgreSQL advisory lock); it is
// meant for one machine, not as a replacement for an Inngest server.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { getDb, Prisma, type Db } from "../db/client";
import { getClock, ManualClock, type Clock } from "../lib/clock";
import { logger } from "../lib/logger";
import { callFunction } from "./call-function";
import { nextCronTime, parseCron } from "./cron";
import { evaluateCondition, evaluateKey } from "./expressions";
import { concurrencyKeys, syncFunctions, triggerMatches, type FunctionSpec } from "./functions";
import { applyResult, resolveDuePending, resolveWait, type PendingAsync, type RunState } from "./run-state";

export interface IncomingEvent {
  name: string;
  data?: Record<string, unknown>;
  id?: string;
  ts?: number;
  user?: unknown;
  v?: string;
}

export interface EmbeddedExecutorOptions {
  /** The app's Inngest endpoint, e.g. http://127.0.0.1:3000/api/inngest. */
  serveUrl: string;
  signingKey: string;
  /** Defaults to DATABASE_URL; used for the advisory lock that keeps a second executor on standby. */
  databaseUrl?: string;
  clock?: Clock;
  pollIntervalMs?: number;
  maxParallel?: number;
  /** No background loop: only tick() and drain() move runs (deterministic tests and simulations). */
  manual?: boolean;
}

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const LOCK_KEY = 7_413_001;

type Row = Prisma.JobRunGetPayload<object>;
type HistoryRecord = { stepId: string; name: string; op: string; attempt: number; error?: unknown; durationMs?: number };

export class EmbeddedExecutor {
  private functions = new Map<string, FunctionSpec>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly slotsInUse = new Map<string, number>();
  private readonly slotLimits = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private active = false;
  private lockClient: pg.Client | null = null;
  private lastHousekeeping = 0;
  /** Next fire time of each cron trigger, mirrored from JobCronSchedule so idle ticks read nothing. */
  private cronNext = new Map<string, Date>();
  private unsubscribeClock: (() => void) | null = null;

  constructor(private readonly options: EmbeddedExecutorOptions) {}

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
    if (clock instanceof ManualClock) this.unsubscribeClock = clock.onChange(() => this.wake());
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribeClock?.();
    await Promise.allSettled([...this.inFlight.values()]);
    await this.lockClient?.end().catch(() => undefined);
    this.lockClient = null;
    this.active = false;
  }

  /** Reads the function list from the app (Inngest's in-band sync). */
  async sync(): Promise<void> {
    const specs = await syncFunctions(this.options.serveUrl, this.options.signingKey, wallClockSeconds());
    this.functions = new Map(specs.map((spec) => [spec.id, spec]));
    const cronKeys = specs.flatMap((spec) => spec.cronTriggers.map((cron) => ({ functionId: spec.id, cron })));
    await this.db.jobCronSchedule.deleteMany({
      where: { NOT: { OR: cronKeys.length ? cronKeys : [{ functionId: "", cron: "" }] } },
    });
    const now = this.now();
    this.cronNext = new Map();
    for (const { functionId, cron } of cronKeys) {
      const row = await this.db.jobCronSchedule.upsert({
        where: { functionId_cron: { functionId, cron } },
        create: { functionId, cron, nextAt: nextCronTime(parseCron(cron), now) },
        update: {},
      });
      this.cronNext.set(cronKey(functionId, cron), row.nextAt);
    }
    logger.debug("Embedded executor synced functions", { functions: specs.map((spec) => spec.id) });
  }

  /** Wakes the loop at once (new events, a moved clock). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running || this.options.manual) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick()
        .catch((error: unknown) => logger.error("Embedded executor tick failed", { error }))
        .finally(() => this.schedule(this.options.pollIntervalMs ?? 500));
    }, delayMs);
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
    await this.fireCron(now);
    await this.housekeeping(now);
    const capacity = (this.options.maxParallel ?? 16) - this.inFlight.size;
    if (capacity <= 0) return 0;
    // Runs whose concurrency slots are all taken are left out of the query, so a queue of them
    // (say 200 runs of a limit-1 function) cannot crowd out runs that could start.
    const saturated = this.saturatedKeys();
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
      if (this.inFlight.has(candidate.id) || !this.hasSlots(candidate.functionId, candidate.concurrencyKeys)) continue;
      const [claimed] = await this.db.$queryRaw<Row[]>`
        UPDATE "JobRun" SET status = 'running', "updatedAt" = ${now}
        WHERE id = ${candidate.id} AND status IN ('queued', 'waiting') AND "nextRunAt" <= ${now}
        RETURNING *`;
      if (!claimed) continue;
      this.takeSlots(candidate.functionId, candidate.concurrencyKeys, 1);
      const work = this.advance(fromRaw(claimed))
        .catch((error: unknown) => logger.error("Embedded executor failed to advance a run", { runId: candidate.id, error }))
        .finally(() => {
          this.takeSlots(candidate.functionId, candidate.concurrencyKeys, -1);
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
      const started = await this.tick();
      if (this.inFlight.size) await Promise.race(this.inFlight.values());
      else if (!started) return;
    }
    throw new Error("The embedded executor did not settle");
  }

  private hasSlots(functionId: string, keys: string[]): boolean {
    const spec = this.functions.get(functionId);
    if (!spec) return true;
    return keys.every((key, index) => (this.slotsInUse.get(key) ?? 0) < (spec.concurrency[index]?.limit ?? Infinity));
  }

  private saturatedKeys(): string[] {
    return [...this.slotsInUse.entries()].filter(([key, used]) => used > 0 && used >= (this.slotLimits.get(key) ?? Infinity)).map(([key]) => key);
  }

  private takeSlots(functionId: string, keys: string[], delta: number): void {
    const spec = this.functions.get(functionId);
    keys.forEach((key, index) => {
      const used = (this.slotsInUse.get(key) ?? 0) + delta;
      if (used <= 0) {
        this.slotsInUse.delete(key);
        this.slotLimits.delete(key);
        return;
      }
      this.slotsInUse.set(key, used);
      const limit = spec?.concurrency[index]?.limit;
      if (limit !== undefined) this.slotLimits.set(key, limit);
    });
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
   * starts the functions they trigger, resumes runs waiting for them and cancels runs they cancel.
   */
  async receiveEvents(events: IncomingEvent[]): Promise<string[]> {
    const ids: string[] = [];
    for (const incoming of events) {
      const at = this.now();
      const event = {
        name: incoming.name,
        data: incoming.data ?? {},
        id: incoming.id ?? `01${randomUUID().replace(/-/g, "").toUpperCase()}`,
        ts: incoming.ts ?? at.getTime(),
        ...(incoming.user !== undefined ? { user: incoming.user } : {}),
        ...(incoming.v !== undefined ? { v: incoming.v } : {}),
      };
      ids.push(event.id);
      await this.db.$transaction(async (tx) => {
        const stored = await tx.jobEvent.createMany({
          data: [{ id: event.id, name: event.name, data: event.data as Prisma.InputJsonValue, receivedAt: at }],
          skipDuplicates: true,
        });
        if (!stored.count) return;
        await this.startTriggeredRuns(tx, event, at);
        await this.resumeWaitingRuns(tx, event, at);
        await this.cancelRuns(tx, event, at);
      });
    }
    this.wake();
    return ids;
  }

  private async startTriggeredRuns(tx: Prisma.TransactionClient, event: { name: string; data: Record<string, unknown> }, at: Date) {
    for (const spec of this.functions.values()) {
      const scope = { event };
      if (!triggerMatches(spec, event.name, scope)) continue;
      await this.createRun(tx, spec, event, at);
    }
  }

  private async createRun(tx: Prisma.TransactionClient, spec: FunctionSpec, event: { name: string; data: Record<string, unknown> }, at: Date) {
    const scope = { event };
    const idempotencyKey = spec.idempotency ? evaluateKey(spec.idempotency, scope) : null;
    if (idempotencyKey) {
      const duplicate = await tx.jobRun.count({
        where: { functionId: spec.id, idempotencyKey, createdAt: { gt: new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS) } },
      });
      if (duplicate) return;
    }
    const workspaceId = typeof event.data.workspaceId === "string" ? event.data.workspaceId : null;
    await tx.jobRun.create({
      data: {
        functionId: spec.id,
        functionName: spec.name,
        status: "queued",
        eventName: event.name,
        event: event as Prisma.InputJsonValue,
        events: [event] as Prisma.InputJsonValue,
        concurrencyKeys: concurrencyKeys(spec, scope),
        idempotencyKey,
        workspaceId,
        nextRunAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
  }

  private async resumeWaitingRuns(tx: Prisma.TransactionClient, event: { name: string }, at: Date) {
    const waiting = await tx.jobRun.findMany({ where: { status: "waiting", waitEvents: { has: event.name } } });
    for (const run of waiting) {
      let state = stateOf(run);
      for (const wait of state.pending.filter((entry) => entry.kind === "wait" && entry.event === event.name)) {
        let matches = false;
        try {
          matches = evaluateCondition(wait.if, { event: run.event, async: event });
        } catch (error) {
          logger.warn("A waitForEvent condition could not be evaluated", { runId: run.id, condition: wait.if, error });
        }
        if (matches) state = resolveWait(state, wait.id, event);
      }
      if (state.pending.length === stateOf(run).pending.length) continue;
      await tx.jobRun.updateMany({
        where: { id: run.id, status: "waiting" },
        data: { ...stateColumns(state), status: "queued", nextRunAt: at, updatedAt: at },
      });
    }
  }

  private async cancelRuns(tx: Prisma.TransactionClient, event: { name: string }, at: Date) {
    for (const spec of this.functions.values()) {
      for (const rule of spec.cancel.filter((candidate) => candidate.event === event.name)) {
        const runs = await tx.jobRun.findMany({
          where: {
            functionId: spec.id,
            status: { in: ["queued", "waiting", "running"] },
            ...(rule.timeoutMs ? { createdAt: { gt: new Date(at.getTime() - rule.timeoutMs) } } : {}),
          },
          select: { id: true, event: true },
        });
        for (const run of runs) {
          if (!evaluateCondition(rule.if, { event: run.event, async: event })) continue;
          await tx.jobRun.update({
            where: { id: run.id },
            data: { status: "cancelled", nextRunAt: null, finishedAt: at, updatedAt: at, error: { name: "Cancelled", message: `Cancelled by ${event.name}` } },
          });
        }
      }
    }
  }

  /** Starts runs of cron-triggered functions that are due; a schedule missed while down fires once. */
  private async fireCron(now: Date): Promise<void> {
    for (const spec of this.functions.values()) {
      for (const cron of spec.cronTriggers) {
        const key = cronKey(spec.id, cron);
        const due = this.cronNext.get(key);
        if (!due || due > now) continue;
        const next = nextCronTime(parseCron(cron), now);
        await this.db.$transaction(async (tx) => {
          const advanced = await tx.jobCronSchedule.updateMany({ where: { functionId: spec.id, cron, nextAt: due }, data: { nextAt: next } });
          if (!advanced.count) return;
          const event = { name: "inngest/scheduled.timer", data: { cron }, id: `cron-${spec.id}-${due.getTime()}`, ts: now.getTime() };
          await this.createRun(tx, spec, event, now);
        });
        this.cronNext.set(key, next);
      }
    }
  }

  private async housekeeping(now: Date): Promise<void> {
    if (now.getTime() - this.lastHousekeeping < 3_600_000) return;
    this.lastHousekeeping = now.getTime();
    const cutoff = new Date(now.getTime() - RETENTION_MS);
    await this.db.jobRun.deleteMany({ where: { status: { in: ["completed", "failed", "cancelled"] }, finishedAt: { lt: cutoff } } });
    await this.db.jobEvent.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  }
}

/**
 * Signatures carry wall-clock time whatever the injectable clock says: the SDK checks them against
 * its own Date.now() and refuses anything five minutes off.
 */
function wallClockSeconds(): number {
  // eslint-disable-next-line no-restricted-syntax
  return Math.round(Date.now() / 1000);
}

/** A raw SELECT gives NULL where Prisma's client gives [] for an unset list column. */
function fromRaw(row: Row): Row {
  return {
    ...row,
    stack: row.stack ?? [],
    planned: row.planned ?? [],
    waitEvents: row.waitEvents ?? [],
    concurrencyKeys: row.concurrencyKeys ?? [],
  };
}

function cronKey(functionId: string, cron: string): string {
  return `${functionId}\u0000${cron}`;
}

function stateOf(run: Row): RunState {
  return {
    memo: (run.memo ?? {}) as Record<string, unknown>,
    stack: run.stack,
    planned: run.planned,
    attempt: run.attempt,
    disableImmediate: run.disableImmediate,
    pending: (run.pending ?? []) as unknown as PendingAsync[],
  };
}

function stateColumns(state: RunState) {
  return {
    memo: state.memo as Prisma.InputJsonValue,
    stack: state.stack,
    planned: state.planned,
    attempt: state.attempt,
    disableImmediate: state.disableImmediate,
    pending: state.pending as unknown as Prisma.InputJsonValue,
    waitEvents: [...new Set(state.pending.flatMap((entry) => (entry.kind === "wait" && entry.event ? [entry.event] : [])))],
  };
}
