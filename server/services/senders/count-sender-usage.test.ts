// The usage counters (SenderDailyUsage, kept by a trigger on SenderAction) agree with counting the
// sender's actions, whatever happens to them: reserved, failed, dropped, on another day; and the
// caps are checked against them.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { isHeraldError } from "@/server/lib/errors";
import { startOfZonedDay, startOfZonedWeek } from "@/server/lib/time-zones";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { CAP_OF_ACTION, COUNTED_STATUSES } from "@/server/domain/sender-limits";
import { reserveOrRefuse, type ActionIntent } from "@/server/services/direct-actions/reserve-sender-action";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { ZConnectSenderInput } from "../../schemas/sender";
import { countSenderUsage } from "./count-sender-usage";
import { updateSender } from "./update-sender";

afterEach(() => setClock(systemClock));

/** What the sender used, counted from its actions as Herald did before the counters. */
async function countedFromActions(account: { id: string; timezone: string }) {
  const rows = await db.senderAction.findMany({ where: { accountId: account.id, status: { in: COUNTED_STATUSES } } });
  const dayStart = startOfZonedDay(clockNow(), account.timezone);
  const weekStart = startOfZonedWeek(clockNow(), account.timezone);
  const day: Record<string, number> = { invitations: 0, profileViews: 0, postLikes: 0, messages: 0, inmails: 0, comments: 0, follows: 0 };
  for (const row of rows) if (row.createdAt >= dayStart) day[CAP_OF_ACTION[row.type]!]! += 1;
  const week = rows.filter((row) => row.type === "invitation" && row.createdAt >= weekStart).length;
  return { day, week };
}

let clock: ManualClock;
const clockNow = () => clock.now();

it("counts what counting the actions counts, through reservations, failures, drops and days, and refuses past a cap", async () => {
  clock = new ManualClock("2026-03-04T22:30:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: "usage-counter@example.com", password: "x", timezone: "Europe/Paris" }), { via: "api" });
  await db.linkedinAccount.update({ where: { id: connected.account.id }, data: { limits: { daily: { profileViews: 3 } } } });
  const account = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
  const leads = await Promise.all(
    Array.from({ length: 6 }, (_, index) => db.lead.create({ data: { workspaceId: workspace.id, publicIdentifier: `usage-${index}`, source: "test", createdAt: clock.now(), updatedAt: clock.now() } })),
  );
  const reserve = (type: ActionIntent["type"], leadIndex: number) =>
    db.$transaction((tx) => reserveOrRefuse(tx, account, { type, source: "direct", leadId: leads[leadIndex]!.id, honourWeeklyBypass: true }));

  // 22:30 UTC is 23:30 in Paris: a Wednesday; then past midnight in Paris, the Thursday.
  const invitation = await reserve("invitation", 0);
  const message = await reserve("message", 1);
  await reserve("voice_note", 1);
  await reserve("profile_view", 2);
  clock.set(new Date("2026-03-04T23:30:00Z"));
  await reserve("invitation", 3);
  const views = [await reserve("profile_view", 4), await reserve("profile_view", 5)];
  await db.senderAction.update({ where: { id: message.id }, data: { status: "failed" } });
  await db.senderAction.update({ where: { id: invitation.id }, data: { status: "accepted" } });
  await db.senderAction.delete({ where: { id: views[0]!.id } });

  const usage = await countSenderUsage(account);
  const expected = await countedFromActions(account);
  expect(usage.day).toMatchObject(expected.day);
  expect(usage.day).toMatchObject({ invitations: 1, profileViews: 1, messages: 0 });
  expect(usage.week.invitations).toBe(expected.week);
  expect(usage.week.invitations).toBe(2);

  // The cap of 3 profile views: two more fit, the third is refused and leaves no trace.
  await reserve("profile_view", 0);
  await reserve("profile_view", 1);
  const refused = await reserve("profile_view", 2).catch((error: unknown) => error);
  expect(isHeraldError(refused) && refused.code).toBe("daily-limit-reached");
  expect(await db.senderAction.count({ where: { accountId: account.id, type: "profile_view", status: { in: COUNTED_STATUSES }, createdAt: { gte: startOfZonedDay(clock.now(), account.timezone) } } })).toBe(3);
  expect((await countSenderUsage(account)).day.profileViews).toBe(3);
});

it("counts on the sender's new local days after its time zone changes, and takes a later failure off the day it was counted on", async () => {
  // 20:00 UTC on Wednesday 4 March: already Thursday in Kiritimati (UTC+14), still Wednesday in Honolulu (UTC−10).
  clock = new ManualClock("2026-03-04T20:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: "usage-zone@example.com", password: "x", timezone: "Pacific/Kiritimati" }), { via: "api" });
  const before = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
  const invitations = [];
  for (let index = 0; index < 3; index++) {
    const lead = await db.lead.create({ data: { workspaceId: workspace.id, publicIdentifier: `usage-zone-${index}`, source: "test", createdAt: clock.now(), updatedAt: clock.now() } });
    invitations.push(await db.$transaction((tx) => reserveOrRefuse(tx, before, { type: "invitation", source: "direct", leadId: lead.id, honourWeeklyBypass: true })));
  }
  expect((await countSenderUsage(before)).day.invitations).toBe(3);

  await updateSender(actor, before.id, { timezone: "Pacific/Honolulu" });
  const after = await db.linkedinAccount.findUniqueOrThrow({ where: { id: before.id } });
  // The same three invitations, sent today in Honolulu too: the cap still sees them.
  expect((await countSenderUsage(after)).day).toMatchObject((await countedFromActions(after)).day);
  expect((await countSenderUsage(after)).day.invitations).toBe(3);

  await db.senderAction.update({ where: { id: invitations[0]!.id }, data: { status: "failed" } });
  expect((await countSenderUsage(after)).day.invitations).toBe(2);
  expect(await db.senderDailyUsage.findMany({ where: { accountId: after.id }, select: { day: true, invitations: true } })).toEqual([{ day: new Date("2026-03-04T00:00:00Z"), invitations: 2 }]);
});
