import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { outboxEvents } from "../../test/factories";
import { seedTrackedEmail } from "../../test/tracked-email-seed";
import { recordEmailClick } from "./record-email-click";
import { recordEmailOpen } from "./record-email-open";

const MINUTE = 60 * 1000;

describe("recordEmailOpen", () => {
  it("records the first open once, on the e-mail and its campaign lead, with email.opened", async () => {
    const seeded = await seedTrackedEmail();
    const at = new Date(seeded.email.sentAt!.getTime() + 10 * MINUTE);
    expect(await recordEmailOpen(seeded.trackingToken, at)).toBe(true);
    expect(await recordEmailOpen(seeded.trackingToken, new Date(at.getTime() + MINUTE))).toBe(false);

    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } })).openedAt).toEqual(at);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).emailOpenedAt).toEqual(at);
    const events = await outboxEvents(seeded.workspace.id, "email.opened");
    expect(events).toEqual([
      {
        event: "email.opened",
        data: {
          accountId: seeded.mailbox.id,
          campaignLeadId: seeded.campaignLead.id,
          campaignId: seeded.campaign.id,
          leadId: seeded.lead.id,
          stepId: "step_1",
          email: { messageId: seeded.email.messageId, subject: "A question about your pipeline" },
          at: at.toISOString(),
        },
      },
    ]);
  });

  it("fires once when many opens arrive at the same moment", async () => {
    const seeded = await seedTrackedEmail();
    const at = new Date(seeded.email.sentAt!.getTime() + 10 * MINUTE);
    const results = await Promise.all(Array.from({ length: 8 }, () => recordEmailOpen(seeded.trackingToken, at)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await outboxEvents(seeded.workspace.id, "email.opened")).toHaveLength(1);
  });

  it("ignores opens within two minutes of sending (scanners and previews), and counts the next one", async () => {
    const seeded = await seedTrackedEmail();
    const sentAt = seeded.email.sentAt!.getTime();
    expect(await recordEmailOpen(seeded.trackingToken, new Date(sentAt + 5 * 1000))).toBe(false);
    expect(await recordEmailOpen(seeded.trackingToken, new Date(sentAt + 2 * MINUTE - 1))).toBe(false);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } })).openedAt).toBeNull();
    expect(await outboxEvents(seeded.workspace.id, "email.opened")).toEqual([]);
    expect(await recordEmailOpen(seeded.trackingToken, new Date(sentAt + 2 * MINUTE))).toBe(true);
  });

  it("ignores an e-mail not sent yet, and unknown or malformed tokens", async () => {
    const seeded = await seedTrackedEmail({ sentAt: null });
    expect(await recordEmailOpen(seeded.trackingToken)).toBe(false);
    expect(await recordEmailOpen("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
    expect(await recordEmailOpen("../../etc/passwd")).toBe(false);
    expect(await recordEmailOpen("")).toBe(false);
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
  });

  it("keeps the campaign lead's first open when a later e-mail of the campaign is opened", async () => {
    const seeded = await seedTrackedEmail();
    const earlier = new Date(seeded.email.sentAt!.getTime() - MINUTE);
    await db.campaignLead.update({ where: { id: seeded.campaignLead.id }, data: { emailOpenedAt: earlier } });
    expect(await recordEmailOpen(seeded.trackingToken, new Date(seeded.email.sentAt!.getTime() + 10 * MINUTE))).toBe(true);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).emailOpenedAt).toEqual(earlier);
  });
});

describe("recordEmailClick", () => {
  it("records the first click once with its link, and the open it proves", async () => {
    const seeded = await seedTrackedEmail();
    const at = new Date(seeded.email.sentAt!.getTime() + 10 * MINUTE);
    expect(await recordEmailClick(seeded.trackingToken, "https://example.org/pricing", at)).toBe(true);
    expect(await recordEmailClick(seeded.trackingToken, "https://example.org/other", new Date(at.getTime() + MINUTE))).toBe(false);

    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } });
    expect(email).toMatchObject({ clickedAt: at, openedAt: at });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).toMatchObject({ emailClickedAt: at, emailOpenedAt: at });
    const events = await outboxEvents(seeded.workspace.id);
    expect(events.map((event) => event.event)).toEqual(["email.opened", "email.clicked"]);
    expect(events[1]!.data).toEqual({ ...events[0]!.data, url: "https://example.org/pricing" });
    // The open the click proved counts as the first: a later pixel load fires nothing.
    expect(await recordEmailOpen(seeded.trackingToken, new Date(at.getTime() + 2 * MINUTE))).toBe(false);
  });

  it("fires no second email.opened when the e-mail was opened before", async () => {
    const seeded = await seedTrackedEmail();
    const at = new Date(seeded.email.sentAt!.getTime() + 10 * MINUTE);
    await recordEmailOpen(seeded.trackingToken, at);
    await recordEmailClick(seeded.trackingToken, "https://example.org/pricing", new Date(at.getTime() + MINUTE));
    expect((await outboxEvents(seeded.workspace.id)).map((event) => event.event)).toEqual(["email.opened", "email.clicked"]);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } })).openedAt).toEqual(at);
  });

  it("fires once for simultaneous clicks, and ignores clicks within two minutes of sending", async () => {
    const seeded = await seedTrackedEmail();
    const sentAt = seeded.email.sentAt!.getTime();
    expect(await recordEmailClick(seeded.trackingToken, "https://example.org/a", new Date(sentAt + MINUTE))).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => recordEmailClick(seeded.trackingToken, `https://example.org/${index}`, new Date(sentAt + 5 * MINUTE))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await outboxEvents(seeded.workspace.id, "email.clicked")).length).toBe(1);
    expect((await outboxEvents(seeded.workspace.id, "email.opened")).length).toBe(1);
  });
});
