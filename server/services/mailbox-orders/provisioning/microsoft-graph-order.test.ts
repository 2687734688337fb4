// A Microsoft 365 order on the real Microsoft Graph platform code, against the Graph stand-in (token
// endpoint and Graph v1.0 in their documented shapes, with each user's mail folders): paid, then
// completed by the embedded executor, with mailboxes Herald reaches through Graph's mail API (no
// password, no SMTP or IMAP) that send a campaign's e-mails, read a reply and a bounce, and warm up
// in the pool, each through the same services as any other mailbox.
import { saveAddressVerifications } from "../../verification/save-address-verifications";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock, now } from "../../../lib/clock";
import { setMailPlatform } from "../../../providers/mail-platform";
import { createMicrosoftGraphPlatform } from "../../../providers/mail-platform/microsoft-graph/microsoft-graph-platform";
import { setMailProvider } from "../../../providers/mail";
import { createGraphMailProvider } from "../../../providers/mail/graph/graph-mail-provider";
import { createPoolWarmupNetwork } from "../../../providers/warmup/pool/pool-warmup-network";
import { ZCreateCampaignInput } from "../../../schemas/campaign";
import { ZLeadsInput } from "../../../schemas/lead";
import { driveCampaigns } from "../../../test/campaign-driver";
import { createTestWorkspace, outboxEvents } from "../../../test/factories";
import { startGraphFake, type GraphFake } from "../../../test/fakes/graph-fake";
import { startHeraldJobs, type HeraldJobs } from "../../../test/herald-jobs";
import { seedMailboxOrder, testDomainName } from "../../../test/mailbox-order-seed";
import { addCampaignLeads } from "../../campaigns/add-campaign-leads";
import { assignCampaignMailboxes } from "../../campaigns/assign-campaign-mailboxes";
import { createCampaign } from "../../campaigns/create-campaign";
import { readMailbox } from "../../mail/inbound/read-mailbox";
import { checkAppMailbox } from "../../mail/mailboxes/check-app-mailbox";
import { getMailbox } from "../../mail/mailboxes/get-mailbox";
import { updateWarmupStrategy } from "../../mail/warmup/update-warmup-strategy";
import { startOrderProvisioning } from "../start-order-provisioning";

const APP = { tenantId: "9a7c-tenant", clientId: "herald-app", clientSecret: "s3cret" };
let jobs: HeraldJobs;
let graph: GraphFake;

beforeAll(async () => {
  // A Wednesday, 07:00 UTC: the order completes before the campaign's 09:00 Paris window opens.
  jobs = await startHeraldJobs(new ManualClock("2026-12-02T07:00:00Z"));
  graph = await startGraphFake(APP);
  const options = { ...APP, graphUrl: graph.url, tokenUrl: graph.tokenUrl };
  setMailPlatform(createMicrosoftGraphPlatform(options));
  setMailProvider("microsoft-graph", createGraphMailProvider(options));
});
afterAll(async () => {
  setMailPlatform(undefined);
  setMailProvider("microsoft-graph", undefined);
  await jobs.stop();
  await graph.close();
});

async function runUntilDone(orderId: string): Promise<string[]> {
  const seen: string[] = [];
  for (let waited = 0; waited <= 3 * 3_600_000; waited += 10_000) {
    await jobs.executor.drain();
    const { status } = await db.mailboxOrder.findUniqueOrThrow({ where: { id: orderId } });
    if (seen.at(-1) !== status) seen.push(status);
    if (["completed", "needs_attention", "cancelled"].includes(status)) return seen;
    jobs.clock.advance(10_000);
  }
  throw new Error(`The order did not finish: it went ${seen.join(" → ")}`);
}

const reply = (from: string, to: string, inReplyTo: string) =>
  [`From: Ann Prospect <${from}>`, `To: ${to}`, "Subject: Re: Quick question", "Message-ID: <reply-1@prospect.example>", `In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`, "", "Yes, let's talk on Friday.", ""].join("\r\n");

const bounce = (to: string, domain: string, failed: string, messageId: string) =>
  [
    `From: Microsoft Outlook <postmaster@${domain}>`,
    `To: ${to}`,
    "Subject: Undeliverable: Quick question",
    `Message-ID: <ndr-1@${domain}>`,
    'Content-Type: multipart/report; report-type=delivery-status; boundary="ndr"',
    "",
    "--ndr",
    "Content-Type: text/plain",
    "",
    `Your message to ${failed} couldn't be delivered.`,
    "--ndr",
    "Content-Type: message/delivery-status",
    "",
    `Reporting-MTA: dns; ${domain}`,
    "",
    `Final-Recipient: rfc822; ${failed}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 RESOLVER.ADR.RecipNotFound; not found",
    "",
    "--ndr",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${messageId}`,
    `To: ${failed}`,
    "",
    "--ndr--",
    "",
  ].join("\r\n");

it("a paid Microsoft 365 order completes with Graph mailboxes that send, read a reply and a bounce, and warm up", { timeout: 180_000 }, async () => {
  const { workspace, actor } = await createTestWorkspace();
  const domain = testDomainName("m365");
  // Microsoft sees the verification TXT record as soon as the registrar publishes it; Exchange
  // creates each mailbox 5 minutes after its license, which the order waits for.
  graph.dnsVisible.add(domain);
  graph.mailboxReadyAfterMs = 5 * 60_000;
  const seeded = await seedMailboxOrder(workspace.id, [{ name: domain, platform: "microsoft", mailboxes: [{ localPart: "jane" }, { localPart: "john" }, { localPart: "kim" }] }]);
  await startOrderProvisioning(seeded.id, 0);
  const started = jobs.clock.now().getTime();
  expect((await runUntilDone(seeded.id)).at(-1)).toBe("completed");
  graph.mailboxReadyAfterMs = 0;
  const licensed = Math.max(...[...graph.users.values()].map((user) => user.licensedAt!));
  const connected = await db.mailboxOrderMailbox.findMany({ where: { orderId: seeded.id }, select: { connectedAt: true } });
  expect(connected.every((mailbox) => mailbox.connectedAt!.getTime() >= licensed + 5 * 60_000)).toBe(true);
  expect(licensed).toBeGreaterThanOrEqual(started);

  const rows = await db.mailbox.findMany({ where: { workspaceId: workspace.id }, include: { warmup: true }, orderBy: { email: "asc" } });
  expect(rows.map((row) => [row.email, row.provider, row.authType, row.status, row.credentialsEncrypted, row.settings, row.warmup?.status])).toEqual(
    ["jane", "john", "kim"].map((local) => [`${local}@${domain}`, "microsoft-graph", "app", "connected", null, null, "warming"]),
  );
  expect(rows.map((row) => row.managedUserId).sort()).toEqual([...graph.users.keys()].sort());
  // No password was ever set after creating the users: Herald holds no directory role and keeps no secret.
  expect(graph.http.requests.some((request) => request.method === "PATCH" && /^\/v1\.0\/users\/[^/]+$/.test(request.path))).toBe(false);
  const [jane] = rows;
  expect(await getMailbox(actor, jane!.id)).toMatchObject({ provider: "microsoft", authType: "app", settings: null, managed: { provider: "microsoft", domain } });

  // A campaign e-mails two prospects from jane's mailbox, through the executor. A warming mailbox
  // holds campaign mail for its first two weeks; the workspace chose to send during warmup.
  await updateWarmupStrategy(actor, jane!.id, { holdOverride: true });
  const created = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Microsoft 365 outreach",
      sequence: { steps: [{ id: "first", type: "email", config: { subject: "Quick question", text: "Hi {{firstName}},\n\nDo you have a minute?" } }] },
      unsubscribe: { enabled: false },
      schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, created.id, ZLeadsInput.parse({ leads: [{ email: "ann@prospect.example", firstName: "Ann" }, { email: "bob@prospect.example", firstName: "Bob" }] }));
  // The prospects' addresses were verified (the made-up domain has no mail servers in real DNS, so a
  // check before the first e-mail would skip them).
  const reason = "the address is well formed and prospect.example has mail servers (MX)";
  const verified = ["ann@prospect.example", "bob@prospect.example"].map((address) => ({ address, status: "valid" as const, check: "deliverable-domain" as const, reason }));
  await saveAddressVerifications(actor.workspaceId, verified, now());
  const campaign = await db.campaign.update({ where: { id: created.id }, data: { status: "active", emailAccountIds: [jane!.id] } });
  await db.$transaction((tx) => assignCampaignMailboxes(tx, campaign));
  await driveCampaigns(jobs.clock, new Date("2026-12-02T17:00:00Z"));

  const sent = await db.emailMessage.findMany({ where: { campaignId: campaign.id, direction: "outbound" }, orderBy: { toAddress: "asc" } });
  expect(sent.map((email) => [email.toAddress, email.status])).toEqual([
    ["ann@prospect.example", "sent"],
    ["bob@prospect.example", "sent"],
  ]);
  // What left the tenant is Herald's MIME, with the Message-ID Herald recorded.
  expect(graph.outbound.map((mail) => mail.to)).toEqual(expect.arrayContaining([["ann@prospect.example"], ["bob@prospect.example"]]));
  for (const email of sent) expect(graph.outbound.some((mail) => mail.raw.toString("utf8").includes(`Message-ID: ${email.messageId}`))).toBe(true);

  // Ann answers; Bob's address does not exist, and Exchange returns a delivery report.
  const [toAnn, toBob] = sent;
  await graph.deliver(jane!.email, reply("ann@prospect.example", jane!.email, toAnn!.messageId));
  await graph.deliver(jane!.email, bounce(jane!.email, domain, "bob@prospect.example", toBob!.messageId));
  const read = await readMailbox(jane!.id);
  expect(read.outcomes).toMatchObject({ reply: 1, bounce: 1 });
  const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true }, orderBy: { lead: { email: "asc" } } });
  expect(leads.map((lead) => [lead.lead.email, lead.status])).toEqual([
    ["ann@prospect.example", "replied"],
    // A hard bounce ends the lead's sequence as failed.
    ["bob@prospect.example", "failed"],
  ]);
  expect(await db.emailMessage.findUniqueOrThrow({ where: { id: toBob!.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "5.1.1" });
  // Read again: nothing new, nothing twice.
  expect((await readMailbox(jane!.id)).read).toBe(0);

  // The pool's round at the end of the day: the three mailboxes e-mail each other through Graph,
  // find the mail in their inboxes and open it.
  jobs.clock.set("2026-12-02T20:00:00Z");
  const round = await createPoolWarmupNetwork().tick(now());
  // Day one of the conservative preset: two first e-mails from each of the three mailboxes.
  expect(round).toMatchObject({ sent: 6, read: 6, failed: 0 });
  const warmupMail = [...graph.mail.values()].flat().filter((message) => message.folder === "inbox" && message.headers.some((header) => header.name.toLowerCase() === "x-herald-warmup"));
  expect(warmupMail).toHaveLength(round.sent);
  expect(warmupMail.every((message) => message.isRead)).toBe(true);
  expect(graph.outbound.filter((mail) => /^X-Herald-Warmup:/im.test(mail.raw.toString("utf8")))).toHaveLength(0);
});

it("a managed mailbox put in error by a missing Graph permission is checked again once the app holds it", { timeout: 60_000 }, async () => {
  const { workspace, actor } = await createTestWorkspace();
  const domain = testDomainName("m365-check");
  graph.dnsVisible.add(domain);
  const seeded = await seedMailboxOrder(workspace.id, [{ name: domain, platform: "microsoft", mailboxes: [{ localPart: "lee" }] }], { warmupEnabled: false });
  await startOrderProvisioning(seeded.id, 0);
  expect((await runUntilDone(seeded.id)).at(-1)).toBe("completed");
  const lee = await db.mailbox.findFirstOrThrow({ where: { workspaceId: workspace.id } });

  // The administrator took Mail.ReadWrite away; the app's next token says so, and reading fails.
  graph.appPermissions.delete("Mail.ReadWrite");
  jobs.clock.advance(2 * 3_600_000);
  await readMailbox(lee.id);
  const broken = await db.mailbox.findUniqueOrThrow({ where: { id: lee.id } });
  expect(broken.status).toBe("error");
  expect(broken.error).toContain("needs the Microsoft Graph application permission Mail.ReadWrite");
  await expect(checkAppMailbox(actor, lee.id)).rejects.toMatchObject({ code: "mail-auth-failed", message: expect.stringContaining("Mail.ReadWrite") });
  expect((await db.mailbox.findUniqueOrThrow({ where: { id: lee.id } })).status).toBe("error");

  graph.appPermissions.add("Mail.ReadWrite");
  jobs.clock.advance(2 * 3_600_000);
  expect(await checkAppMailbox(actor, lee.id)).toMatchObject({ status: "connected", error: null, authType: "app" });
  const changes = await outboxEvents(workspace.id, "account.status_changed");
  expect(changes.map((event) => (event.data as { previousStatus?: string }).previousStatus)).toEqual(["connected", "error"]);
  // Only a managed Microsoft 365 mailbox is checked this way; the others connect again.
  const own = await db.mailbox.create({ data: { workspaceId: workspace.id, label: "Own", email: "own@sender.example", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: now(), updatedAt: now() } });
  await expect(checkAppMailbox(actor, own.id)).rejects.toMatchObject({ code: "invalid-input", message: expect.stringContaining("connect it again") });
});
