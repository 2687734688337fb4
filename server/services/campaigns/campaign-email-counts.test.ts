// The e-mail funnel's counters (CampaignLeadCount.emailSent … emailBounced, kept by the lead-count
// triggers from the columns each event sets once on the lead): every event counts a lead once, an
// event repeated (a second e-mail, open, click, reply or bounce) counts nothing more, and the
// campaigns list and the funnel read the counters.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { EmailMessage } from "@/server/db/generated/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { bounceMessage } from "@/server/providers/mail/sandbox/report-messages";
import { replyMessage } from "@/server/providers/mail/sandbox/raw-messages";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, THREE_EMAILS } from "@/server/test/email-campaign";
import { campaignWithFirstEmails, incoming, originalOf } from "@/server/test/incoming-email";
import { recordIncomingEmail } from "../mail/inbound/record-incoming-email";
import { recordEmailClick } from "./record-email-click";
import { recordEmailOpen } from "./record-email-open";
import { campaignStats } from "./campaign-stats";
import { getCampaignFunnel } from "./get-campaign-funnel";
import { listCampaigns } from "./list-campaigns";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

const EMAIL_COUNTS = { emailSent: 0, emailOpened: 0, emailClicked: 0, emailReplied: 0, emailBounced: 0 };

async function emailCounts(campaignId: string) {
  const { emailSent, emailOpened, emailClicked, emailReplied, emailBounced } = (await campaignStats([campaignId])).get(campaignId)!;
  return { emailSent, emailOpened, emailClicked, emailReplied, emailBounced };
}

it("counts each lead once per e-mail event, however often the event repeats, and the list and the funnel show the counters", async () => {
  const leads = ["ann", "bob", "cyd"].map((name) => ({ email: `${name}@prospect.example`, firstName: name }));
  const { clock, actor, campaign, mailbox, byAddress } = await campaignWithFirstEmails({ sequence: THREE_EMAILS, leads });
  expect(await emailCounts(campaign.id)).toEqual({ ...EMAIL_COUNTS, emailSent: 3 });

  // Opens and clicks, past the scanners' grace period: Ann opens twice, Bob clicks twice (a click is an open too).
  clock.advance(HOUR);
  const ann = byAddress("ann@prospect.example");
  const bob = byAddress("bob@prospect.example");
  expect(await recordEmailOpen(ann.trackingToken!, now())).toBe(true);
  expect(await recordEmailOpen(ann.trackingToken!, now())).toBe(false);
  expect(await recordEmailClick(bob.trackingToken!, "https://sender.example/a", now())).toBe(true);
  expect(await recordEmailClick(bob.trackingToken!, "https://sender.example/b", now())).toBe(false);
  expect(await emailCounts(campaign.id)).toEqual({ ...EMAIL_COUNTS, emailSent: 3, emailOpened: 2, emailClicked: 1 });

  // Cyd's e-mail bounces (soft, then the server gives up: one lead bounced); Ann replies twice.
  const report = (sent: EmailMessage, kind: "hard" | "soft") => incoming(bounceMessage(originalOf(sent), { kind, at: now() }));
  const cyd = byAddress("cyd@prospect.example");
  expect(await recordIncomingEmail(mailbox, await report(cyd, "soft"), null)).toBe("bounce");
  expect(await recordIncomingEmail(mailbox, await report(cyd, "hard"), null)).toBe("bounce");
  for (const text of ["Sounds good", "Also, Tuesday works"]) {
    clock.advance(60_000);
    expect(await recordIncomingEmail(mailbox, await incoming(replyMessage(originalOf(ann), { text, fromName: "Ann", at: now() })), null)).toBe("reply");
  }
  const settled = { emailSent: 3, emailOpened: 2, emailClicked: 1, emailReplied: 1, emailBounced: 1 };
  expect(await emailCounts(campaign.id)).toEqual(settled);

  // Bob's follow-ups go out (Ann replied, Cyd failed): more e-mails, the same leads e-mailed.
  await driveCampaigns(clock, new Date(now().getTime() + 6 * 24 * HOUR));
  expect(await db.emailMessage.count({ where: { campaignId: campaign.id, direction: "outbound", toAddress: "bob@prospect.example", sentAt: { not: null } } })).toBe(3);
  expect(await emailCounts(campaign.id)).toEqual(settled);

  // The counters equal a fresh count of the leads' columns, and the list and the funnel read them.
  const [truth] = await db.$queryRaw<Array<typeof settled>>`
    SELECT count("emailSentAt")::int AS "emailSent", count("emailOpenedAt")::int AS "emailOpened", count("emailClickedAt")::int AS "emailClicked",
      count("emailRepliedAt")::int AS "emailReplied", count("emailBouncedAt")::int AS "emailBounced"
    FROM "CampaignLead" WHERE "campaignId" = ${campaign.id}`;
  expect(truth).toEqual(settled);
  const listed = (await listCampaigns(actor, { limit: 10, offset: 0 })).campaigns.find((item) => item.id === campaign.id)!;
  expect(listed.stats).toMatchObject(settled);
  const funnel = await getCampaignFunnel(actor, campaign.id);
  expect(funnel.overall).toMatchObject({ leads: 3, ...settled, invited: 0 });
  const first = funnel.steps.find((step) => step.stepId === "first")!;
  expect(first.variants.reduce((sum, variant) => sum + variant.emailSent, 0)).toBe(3);
  expect(first.variants.reduce((sum, variant) => sum + variant.emailReplied, 0)).toBe(1);
  // Cyd's bounce failed Cyd on the first step; the variant still counts the e-mail that bounced.
  expect(first.variants.reduce((sum, variant) => sum + variant.emailBounced, 0)).toBe(1);
});
