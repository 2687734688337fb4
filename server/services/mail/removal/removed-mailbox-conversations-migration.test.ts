// The data migration 20261202004500_removed_mailbox_conversations: conversations left behind by a
// mailbox removed before removal deleted them go; every other conversation stays.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed } from "../../../test/inbox-seed";

afterEach(() => setClock(systemClock));

const MIGRATION = path.resolve("prisma/migrations/20261202004500_removed_mailbox_conversations/migration.sql");

describe("the removed mailboxes' conversations migration", () => {
  it("drops the e-mail conversations of mailboxes that no longer exist, and only those", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor } = await inboxWorkspace();
    const removed = await emailConversationSeed(actor);
    const kept = await emailConversationSeed(actor);
    const linkedin = (await linkedinConversationSeed(actor, clock, { sent: "Hello", reply: "Hi" })).conversation;
    const orphan = await removed.conversation();
    // What removal did before: the mailbox row and (by cascade) its e-mails, not their conversation.
    await db.mailbox.delete({ where: { id: removed.mailbox.id } });
    expect(await db.conversation.count({ where: { id: orphan.id } })).toBe(1);

    await db.$executeRawUnsafe(await readFile(MIGRATION, "utf8"));

    const left = await db.conversation.findMany({ where: { workspaceId: actor.workspaceId }, select: { id: true }, orderBy: { id: "asc" } });
    expect(left.map((row) => row.id).sort()).toEqual([(await kept.conversation()).id, linkedin.id].sort());
  });
});
