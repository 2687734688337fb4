// A mailbox's warmup row is created by its first write: two first writes at once (a double-clicked
// start, a start and a strategy change) both succeed on the one row, never a database error.
import { describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { createTestWorkspace } from "../../../test/factories";
import { startWarmup } from "./start-warmup";
import { updateWarmupStrategy } from "./update-warmup-strategy";

async function freshMailbox(email: string) {
  const { actor, workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: true } });
  const mailbox = await db.mailbox.create({
    data: { workspaceId: workspace.id, label: "Ada", email, provider: "sandbox", authType: "sandbox", connectedVia: "api", status: "connected", timezone: "UTC", createdAt: now(), updatedAt: now() },
  });
  return { actor, mailbox };
}

describe("the warmup row's first write", () => {
  it("lets two starts and a strategy change at once all succeed", async () => {
    for (let round = 0; round < 5; round++) {
      const { actor, mailbox } = await freshMailbox(`ada${round}@first-write.test`);
      const results = await Promise.allSettled([startWarmup(actor, mailbox.id), startWarmup(actor, mailbox.id), updateWarmupStrategy(actor, mailbox.id, { targetVolume: 30 })]);
      expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
      expect(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } })).toMatchObject({ status: "warming", day: 1 });
    }
  });
});
