import { freePort, startDovecot, startSmtpServer, type DovecotServer, type TestSmtpServer } from "../server/test/mail-servers";
import { startTestDnsServer, type TestDnsRecord, type TestDnsServer } from "../server/test/dns-server";
import { startHerald, type StartedHerald } from "./herald-server.mjs";
import { expectContentFits, expect, test, uniqueTag } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";
import { testClock } from "./test-control";

// A tracking domain on a real DNS zone: BIND serves acme-track.test on loopback, and a Herald of the
// test's own asks it (HERALD_DNS_SERVERS). A real mailbox on the domain (an SMTP server and Dovecot
// stand in for its provider) puts the workspace on the real DNS. The owner adds track.acme-track.test,
// is shown the CNAME and the TXT proof to add, publishes the CNAME alone (not enough), then both,
// checks again and sees it verified; a campaign e-mail from a
// mailbox on the domain then carries its unsubscribe link on the tracking host.
const DOMAIN = "acme-track.test";
const TRACKING_HOST = `track.${DOMAIN}`;
const CNAME_TARGET = "tracking.herald-e2e.test";
const ADDRESS = `ops@${DOMAIN}`;
const PASSWORD = "app-password-1";
const owner = { name: "Tara Tracker", email: "tara@acme-track.test", password: "a long enough password", workspace: "Acme Track" };

const BASE_ZONE: TestDnsRecord[] = [
  { name: "@", type: "MX", value: `mx.${DOMAIN}`, priority: 10 },
  { name: "mx", type: "A", value: "127.0.0.1" },
  { name: "@", type: "TXT", value: "v=spf1 ip4:127.0.0.1 -all" },
];

let dns: TestDnsServer;
let dovecot: DovecotServer;
let smtp: TestSmtpServer;
let herald: StartedHerald;

test.beforeAll(async () => {
  dns = await startTestDnsServer({ [DOMAIN]: BASE_ZONE });
  dovecot = await startDovecot();
  await dovecot.addUser(ADDRESS, PASSWORD);
  smtp = await startSmtpServer({ users: { [ADDRESS]: PASSWORD }, deliverTo: dovecot });
  herald = await startHerald({
    port: await freePort(),
    database: `herald_e2e_tracking_${uniqueTag()}`,
    quiet: true,
    env: { HERALD_DNS_SERVERS: dns.server, HERALD_MAIL_IDLE_SECONDS: "1", HERALD_TRACKING_CNAME_TARGET: CNAME_TARGET },
  });
});

test.afterAll(async () => {
  await herald?.stop();
  await smtp?.close();
  await dovecot?.close();
  await dns?.close();
});

test("a tracking domain: the record to add, verified once published, and a campaign e-mail's links on it", async ({ browser, playwright }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const clock = testClock(herald.url);
  const context = await browser.newContext({ baseURL: herald.url });
  const page = await context.newPage();
  const request = await playwright.request.newContext({ baseURL: herald.url });

  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.goto("/settings/api");
  await page.getByLabel("Key name").fill("Tracking key");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  const api = {
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers: { Authorization: `Bearer ${key}` }, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${key}` }, data }),
    get: (path: string) => request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${key}` } }),
  };

  // A real mailbox on the domain (the workspace's DNS is then the real one), and a sandbox mailbox on
  // it that the campaign sends from, so the e-mail stays inside Herald.
  const server = (port: number) => ({ host: "127.0.0.1", port, security: "none", password: PASSWORD });
  const real = await api.post("/email-accounts", { provider: "smtp", email: ADDRESS, fromName: "Ops", smtp: server(smtp.port), imap: server(dovecot.imapPort) });
  expect(real.status(), await real.text()).toBeLessThan(300);
  const senderEmail = `ada.${tag}@${DOMAIN}`;
  const sender = await api.post("/email-accounts", { provider: "sandbox", email: senderEmail, fromName: "Ada" });
  expect(sender.status(), await sender.text()).toBeLessThan(300);
  const senderId = (await sender.json()).data.id as string;

  // Mailboxes → Tracking domains: none yet; a host of another domain is refused in plain words.
  await page.goto("/mailboxes");
  const card = page.locator("#tracking-domains");
  await expect(card.getByText("No tracking domain yet")).toBeVisible();
  await card.getByLabel("Tracking host").fill("track.elsewhere.test");
  await card.getByRole("button", { name: "Add tracking domain" }).click();
  await expect(card.getByRole("alert")).toContainText(`must be a subdomain of a domain this workspace's mailboxes send from (${DOMAIN}`);

  // The right host, before its records exist: not verified, with the exact records to add.
  await card.getByLabel("Tracking host").fill(TRACKING_HOST);
  await card.getByRole("button", { name: "Add tracking domain" }).click();
  const row = card.getByRole("listitem", { name: TRACKING_HOST });
  await expect(row.getByTestId("tracking-domain-status")).toHaveText("Not verified: records missing", { timeout: 20_000 });
  await expect(row).toContainText(`${TRACKING_HOST} CNAME ${CNAME_TARGET}`);
  await expect(row).toContainText("has no CNAME record yet");
  // The TXT proof holds this tracking domain's own value, as the API lists it too.
  const listed = (await (await api.get("/tracking-domains")).json()).data as Array<{ host: string; records: Array<{ type: string; host: string; value: string }> }>;
  const proof = listed.find((domain) => domain.host === TRACKING_HOST)!.records.find((record) => record.type === "TXT")!;
  expect(proof.host).toBe(`_herald-tracking.${TRACKING_HOST}`);
  expect(proof.value).toMatch(/^herald-tracking=[0-9a-f]{32}$/);
  await expect(row).toContainText(`${proof.host} TXT "${proof.value}"`);

  // The CNAME alone is not enough: it says the host points at Herald, not whose it is.
  const cname: TestDnsRecord = { name: "track", type: "CNAME", value: `${CNAME_TARGET}.` };
  await dns.setZone(DOMAIN, [...BASE_ZONE, cname]);
  await row.getByRole("button", { name: "Check again" }).click();
  await expect(row).toContainText(`${proof.host} has no TXT record yet`, { timeout: 20_000 });
  await expect(row.getByTestId("tracking-domain-status")).toHaveText("Not verified: records missing");

  // Both published; Check again finds them.
  await dns.setZone(DOMAIN, [...BASE_ZONE, cname, { name: "_herald-tracking.track", type: "TXT", value: proof.value }]);
  await row.getByRole("button", { name: "Check again" }).click();
  await expect(row.getByTestId("tracking-domain-status")).toHaveText("Verified: links use it", { timeout: 20_000 });
  await expect(row).toContainText("2 mailboxes");
  // HTTPS cannot answer on a test zone's name: said loudly, but not a failure.
  await expect(row).toContainText(`Links in new e-mails, unsubscribe links included, point at https://${TRACKING_HOST}, which does not answer over HTTPS`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectContentFits(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The sending mailbox's page says where its links point.
  await page.goto(`/mailboxes/${senderId}`);
  await expect(page.getByTestId("mailbox-tracking-host")).toHaveText(TRACKING_HOST);
  await expect(page.getByText(`Links in new e-mails point at https://${TRACKING_HOST}, which does not answer over HTTPS`)).toBeVisible();

  // A campaign e-mail from it, with tracking and an unsubscribe line.
  const created = await api.post("/campaigns", {
    name: `Tracking journey ${tag}`,
    schedule: allDaySchedule(),
    emailAccountIds: [senderId],
    tracking: { opens: "on", clicks: "on" },
    unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" },
    sequence: { steps: [{ type: "email", config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}},\n\nSee https://example.com/pricing" } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const added = await api.post(`/campaigns/${campaignId}/leads`, { leads: [{ email: quietProspect(senderEmail, tag), firstName: "Lin", company: "Moreau" }] });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const leadId = (await added.json()).data.leadIds[0] as string;
  expect((await api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  await clock.advanceUntil(async () => expect((await (await api.get("/analytics/overview?period=7d")).json()).data.counts).toMatchObject({ emailed: 1 }), {
    limitMs: 30 * 60_000,
    message: "The campaign's e-mail",
  });

  // The lead's timeline: the sent e-mail's unsubscribe link is on the tracking host.
  await page.goto(`/campaigns/${campaignId}/leads/${leadId}`);
  await expect(page.getByTestId("unsubscribe-link-label").first()).toHaveAttribute("title", new RegExp(`on ${TRACKING_HOST.replace(/\./g, "\\.")} `));

  // Removing it first says what happens to the links already sent; keeping it changes nothing.
  await page.goto("/mailboxes");
  await card.getByRole("button", { name: `Remove ${TRACKING_HOST}` }).click();
  await expect(card.getByRole("group", { name: `Remove ${TRACKING_HOST}?` })).toContainText(`Links in e-mails already sent on ${TRACKING_HOST}, unsubscribe links included, stop working once it is removed.`);
  await card.getByRole("button", { name: "Keep it" }).click();
  await expect(row.getByTestId("tracking-domain-status")).toHaveText("Verified: links use it");

  await request.dispose();
  await context.close();
});
