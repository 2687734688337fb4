// Cron triggers: each function's schedules live in JobCronSchedule (so a restart knows what is
// due) and are mirrored here, so that an idle tick reads nothing. A schedule missed while Herald
// was down fires once.
import type { Db } from "../db/client";
import { nextCronTime, parseCron } from "./cron";
import type { FunctionSpec } from "./functions";
import { createRun } from "./run-intake";

function cronKey(functionId: string, cron: string): string {
  return `${functionId}\u0000${cron}`;
}

export class CronTriggers {
  private next = new Map<string, Date>();

  /** Keeps the schedules of these functions (and drops the others'). */
  async sync(db: Db, specs: FunctionSpec[], now: Date): Promise<void> {
    const cronKeys = specs.flatMap((spec) => spec.cronTriggers.map((cron) => ({ functionId: spec.id, cron })));
    await db.jobCronSchedule.deleteMany({
      where: { NOT: { OR: cronKeys.length ? cronKeys : [{ functionId: "", cron: "" }] } },
    });
    this.next = new Map();
    for (const { functionId, cron } of cronKeys) {
      const row = await db.jobCronSchedule.upsert({
        where: { functionId_cron: { functionId, cron } },
        create: { functionId, cron, nextAt: nextCronTime(parseCron(cron), now) },
        update: {},
      });
      this.next.set(cronKey(functionId, cron), row.nextAt);
    }
  }

  /** Starts runs of cron-triggered functions that are due; advancing the row first makes it once. */
  async fire(db: Db, specs: Iterable<FunctionSpec>, now: Date): Promise<void> {
    for (const spec of specs) {
      for (const cron of spec.cronTriggers) {
        const key = cronKey(spec.id, cron);
        const due = this.next.get(key);
        if (!due || due > now) continue;
        const next = nextCronTime(parseCron(cron), now);
        await db.$transaction(async (tx) => {
          const advanced = await tx.jobCronSchedule.updateMany({ where: { functionId: spec.id, cron, nextAt: due }, data: { nextAt: next } });
          if (!advanced.count) return;
          const event = { name: "inngest/scheduled.timer", data: { cron }, id: `cron-${spec.id}-${due.getTime()}`, ts: now.getTime() };
          await createRun(tx, spec, event, now);
        });
        this.next.set(key, next);
      }
    }
  }
}
