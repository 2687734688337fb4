// The notice line naming the data source goes on a lead's first campaign e-mail only, in both bodies,
// with {{dataSource}} read from the lead's provenance; a campaign without one sends none.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { SOURCE_NOTICE_SUGGESTION } from "@/server/schemas/privacy";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, recordingMailProvider, setupEmailCampaign, START, THREE_EMAILS } from "@/server/test/email-campaign";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

it("appends the notice to the first e-mail and not to the follow-ups", async () => {
  const mail = recordingMailProvider();
  const { clock, campaign } = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "ann@prospect.example", firstName: "Ann", company: "Acme" }] });
  await db.campaign.update({ where: { id: campaign.id }, data: { sourceNotice: SOURCE_NOTICE_SUGGESTION } });
  await db.lead.updateMany({ where: { workspaceId: campaign.workspaceId, email: "ann@prospect.example" }, data: { source: "csv", sourceDetail: "fair <2026>.csv" } });
  await driveCampaigns(clock, new Date(Date.parse(START) + 8 * 24 * HOUR));

  expect(mail.sent).toHaveLength(3);
  const [first, ...followUps] = mail.sent.map((entry) => entry.email);
  const line = "You're receiving this because your work address is listed in a CSV file (fair <2026>.csv).";
  expect(first!.text).toBe(`Hi Ann,\n\nDo you have a minute for Acme?\n\n${line}`);
  expect(first!.html).toContain("You&#39;re receiving this because your work address is listed in a CSV file (fair &lt;2026&gt;.csv).");
  for (const email of followUps) {
    expect(email.text).not.toContain("receiving this");
    expect(email.html).not.toContain("receiving this");
  }
  // What was sent is what is stored.
  const stored = await db.emailMessage.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
  expect(stored.map((email) => email.text.includes(line))).toEqual([true, false, false]);
});

it("sends no notice when the campaign has none", async () => {
  const mail = recordingMailProvider();
  const { clock } = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "bo@prospect.example", firstName: "Bo", company: "Acme" }] });
  await driveCampaigns(clock, new Date(Date.parse(START) + 2 * HOUR));
  expect(mail.sent[0]!.email.text).toBe("Hi Bo,\n\nDo you have a minute for Acme?");
});
