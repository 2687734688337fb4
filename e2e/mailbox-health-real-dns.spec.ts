import { freePort, startDovecot, startSmtpServer, type DovecotServer, type TestSmtpServer } from "../server/test/mail-servers";
import { startTestDnsServer, type TestDnsRecord, type TestDnsServer } from "../server/test/dns-server";
import { startHerald, type StartedHerald } from "./herald-server.mjs";
import { expect, test, uniqueTag } from "./own-workspace";
import { testClock } from "./test-control";

// A real mailbox on a real DNS zone: BIND serves northwind-real.test on loopback, an SMTP server and
// Dovecot stand in for the mailbox's provider, and a Herald of the test's own asks that DNS server
// (HERALD_DNS_SERVERS). The health page says what is wrong with the domain and the exact record to
// add; once the record is published, checking again shows it in order.
const DOMAIN = "northwind-real.test";
const ADDRESS = `ada@${DOMAIN}`;
const PASSWORD = "app-password-1";
const owner = { name: "Nora Northwind", email: "nora@northwind-real.test", password: "a long enough password", workspace: "Northwind" };

const BASE_ZONE: TestDnsRecord[] = [
  { name: "@", type: "MX", value: `mx.${DOMAIN}`, priority: 10 },
  { name: "mx", type: "A", value: "127.0.0.1" },
  // Authorizes the SMTP server (127.0.0.1) but only softly (~all); no DKIM key, no DMARC record.
  { name: "@", type: "TXT", value: "v=spf1 ip4:127.0.0.1 ~all" },
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
    database: `herald_e2e_dns_${uniqueTag()}`,
    quiet: true,
    // The mailbox's minute read waits in IDLE on Dovecot for only a second: the test moves Herald's
    // clock and settles, which waits for that read; what arrives in the mailbox is not this test's.
    env: { HERALD_DNS_SERVERS: dns.server, HERALD_MAIL_IDLE_SECONDS: "1" },
  });
});

test.afterAll(async () => {
  await herald?.stop();
  await smtp?.close();
  await dovecot?.close();
  await dns?.close();
});

test("a real mailbox's domain on a test DNS zone: what is wrong, the record to add, and in order once it is published", async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const clock = testClock(herald.url);
  const context = await browser.newContext({ baseURL: herald.url });
  const page = await context.newPage();
  const request = await playwright.request.newContext({ baseURL: herald.url });

  // First run on this Herald, then an API key to connect the mailbox the way a developer would.
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.goto("/settings/api");
  await page.getByLabel("Key name").fill("Health key");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();

  const server = (port: number) => ({ host: "127.0.0.1", port, security: "none", password: PASSWORD });
  const connected = await request.post("/api/v1/email-accounts", {
    headers: { Authorization: `Bearer ${key}` },
    data: { provider: "smtp", email: ADDRESS, fromName: "Ada", smtp: server(smtp.port), imap: server(dovecot.imapPort) },
  });
  expect(connected.status(), await connected.text()).toBeLessThan(300);
  const mailboxId = (await connected.json()).data.id as string;

  await page.goto(`/mailboxes/${mailboxId}/health`);
  const dnsCard = page.getByTestId("dns-card");
  await page.getByRole("button", { name: /^Check (now|again)$/ }).click();
  await expect(dnsCard.getByTestId("dns-check")).toHaveCount(4, { timeout: 30_000 });

  // SPF authorizes the server, but `~all` only asks receivers to be suspicious: a warning, with the record to put in its place.
  const spf = dnsCard.locator('[data-check="spf"]');
  await expect(spf.getByText("Warning", { exact: true })).toBeVisible();
  await expect(spf.getByTestId("dns-fix")).toContainText("Replace the current record");
  await expect(spf.getByTestId("dns-fix")).toContainText("-all");
  // No DMARC record: the exact record to add, on the exact host.
  const dmarc = dnsCard.locator('[data-check="dmarc"]');
  await expect(dmarc.getByText("Missing", { exact: true })).toBeVisible();
  await expect(dmarc.getByTestId("dns-fix")).toContainText("Add this record at your DNS host");
  await expect(dmarc.getByTestId("dns-fix")).toContainText(`_dmarc.${DOMAIN}`);
  await expect(dmarc.getByTestId("dns-fix")).toContainText("v=DMARC1");
  // MX points at a host that resolves.
  await expect(dnsCard.locator('[data-check="mx"]').getByText("OK", { exact: true })).toBeVisible();
  await expect(page.getByTestId("mailbox-health-summary")).toContainText("Failing");

  // The owner publishes a DMARC record; checking again reads it from the zone. A check less than a
  // minute old is answered as it is (no DNS queries for repeated clicks), so the owner clicks again
  // once the minute is up (on Herald's clock, moved instead of waited for).
  await dns.setZone(DOMAIN, [...BASE_ZONE, { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine; rua=mailto:dmarc@northwind-real.test" }]);
  await expect(async () => {
    // A minute: RECHECK_DNS_AFTER_MS of server/services/mail/mailboxes/check-mailbox-dns.ts.
    await clock.advance(60_000);
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(dmarc.getByText("OK", { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(dmarc.getByTestId("dns-fix")).toHaveCount(0);

  await request.dispose();
  await context.close();
});
