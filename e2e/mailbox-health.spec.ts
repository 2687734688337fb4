import type { Page } from "@playwright/test";
import { expect, test, uniqueTag } from "./own-workspace";
import { syncPageClock } from "./test-control";

// Mailbox health end to end in the dashboard, for a sandbox mailbox: from the mailbox page to its
// health page, check the domain's DNS records (each with what is wrong and the record to add), run
// a deliverability test and watch it until its result, choose a warmup preset and start warmup;
// then the Mailboxes list's health column and filter.
test.use({ ownLabel: "Hedy" });

async function sandboxMailbox(own: { api: { post: (path: string, data: unknown) => Promise<import("@playwright/test").APIResponse> } }, email: string) {
  const connected = await own.api.post("/email-accounts", { provider: "sandbox", email, fromName: "Hedy Lamarr" });
  expect(connected.status(), await connected.text()).toBeLessThan(300);
  return (await connected.json()).data.id as string;
}

async function snap(page: Page, name: string) {
  if (process.env.HEALTH_SCREENSHOTS) await page.screenshot({ path: `${process.env.HEALTH_SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("a sandbox mailbox's health page: DNS checks, a deliverability test, warmup with a preset", async ({ page, own, clock }) => {
  test.setTimeout(120_000);
  // A sandbox domain whose name breaks two checks on purpose (docs/sandbox.md): no SPF record, DMARC p=none.
  const email = `hedy.${uniqueTag()}@nospf-dmarcnone-herald-demo.example`;
  const mailboxId = await sandboxMailbox(own, email);
  await page.setViewportSize({ width: 1440, height: 1000 });
  // "Checked just now" is worded from the page's clock: Herald's runs ahead once a test of this
  // worker has moved it.
  await syncPageClock(page, clock);
  await own.signIn(page);

  // The mailbox page points to its health page.
  await page.goto(`/mailboxes/${mailboxId}`);
  await page.getByRole("link", { name: /DNS records, deliverability test and warmup/ }).click();
  await expect(page).toHaveURL(new RegExp(`/mailboxes/${mailboxId}/health$`));
  await expect(page.getByRole("heading", { name: "Mailbox health", level: 1 })).toBeVisible();
  await expect(page.getByTestId("mailbox-health-summary")).toBeVisible();

  // DNS: checked on connecting, else on demand; each of SPF, DKIM, DMARC and MX shows a status and a reason.
  const dns = page.getByTestId("dns-card");
  await expect(dns.getByTestId("dns-never-checked").or(dns.getByTestId("dns-checked-at"))).toBeVisible();
  if (await dns.getByTestId("dns-never-checked").isVisible()) await page.getByRole("button", { name: "Check now" }).click();
  await expect(dns.getByTestId("dns-check")).toHaveCount(4, { timeout: 30_000 });
  for (const name of ["SPF", "DKIM", "DMARC", "MX"]) await expect(dns.getByRole("heading", { name, level: 3 })).toBeVisible();
  await expect(dns.getByTestId("dns-checked-at")).toContainText(/Checked (just now|\d+ (second|minute)s? ago)/);
  // What is wrong comes with the exact record to add, each part with a copy button.
  const spf = dns.locator('[data-check="spf"]');
  await expect(spf.getByText("Missing", { exact: true })).toBeVisible();
  // A sandbox domain's records cannot be changed: the card says so, and shows the record as what a real domain would need.
  await expect(dns.getByTestId("dns-sandbox-note")).toContainText("its domain's DNS records are simulated and cannot be changed");
  await expect(spf.getByTestId("dns-fix")).toContainText("On a real domain, you would add this record at its DNS host (a sandbox domain's records cannot be changed)");
  await expect(spf.getByTestId("dns-fix")).toContainText("v=spf1");
  await expect(spf.getByRole("button", { name: "Copy the SPF record's value" })).toBeVisible();
  await expect(spf.getByRole("button", { name: "Copy the SPF record's host" })).toBeVisible();
  const dmarc = dns.locator('[data-check="dmarc"]');
  await expect(dmarc.getByText("Warning", { exact: true })).toBeVisible();
  await expect(dmarc.getByTestId("dns-fix")).toContainText("replace the current record with this one");
  await expect(dns.locator('[data-check="dkim"]').getByText("OK", { exact: true })).toBeVisible();
  await expect(page.getByTestId("mailbox-health-summary")).toContainText("Failing");
  // Checking again would find the same simulated records: no button suggests it.
  await expect(dns.getByRole("button", { name: /^Check (now|again)$/ })).toHaveCount(0);

  // The deliverability test: progress while it runs, then where the e-mail landed and why.
  const testCard = page.getByTestId("test-card");
  await expect(testCard.getByTestId("test-never-run")).toBeVisible();
  await page.getByRole("button", { name: "Run test" }).click();
  const running = testCard.getByTestId("test-running");
  const result = testCard.getByTestId("test-result");
  await expect(running.or(result)).toBeVisible();
  if (await running.isVisible()) {
    await expect(running).toContainText(/Sending…|Waiting for it to arrive \(up to 10 minutes\)/);
    await expect(page.getByRole("button", { name: "Running…" })).toBeDisabled();
    await snap(page, "health-test-running");
  }
  // The run looks at the seed inbox every 30 seconds (Herald's clock, moved instead of waited for),
  // within the three minutes the test had before; the page follows by itself while it runs.
  await clock.advanceUntil(() => expect(result).toBeVisible({ timeout: 4_000 }), { stepMs: 30_000, limitMs: 180_000, message: "The deliverability test's result" });
  await expect(result.getByTestId("test-landing").or(result.getByTestId("test-failure"))).toBeVisible();
  await expect(result.getByTestId("test-landing")).toContainText(/Landed in the inbox|Landed in Promotions|Landed in spam|Did not arrive/);
  for (const name of ["SPF", "DKIM", "DMARC"]) await expect(result.getByText(name, { exact: true })).toBeVisible();
  await expect(result.getByTestId("test-blocklists")).toContainText("Sending server");

  // Warmup: a preset, explained with its numbers, stored before start; another chosen, and started with it.
  const warmup = page.getByTestId("warmup-card");
  await expect(warmup.getByTestId("warmup-status")).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("warmup-charts-empty")).toBeVisible();
  const strategy = page.getByRole("form", { name: "Warmup strategy" });
  await expect(strategy.getByText(/starts at 5, two more each day, up to 40/)).toBeVisible();
  await strategy.getByRole("radio", { name: /^Standard/ }).check();
  await strategy.getByRole("button", { name: "Save strategy" }).click();
  await expect(strategy.getByTestId("warmup-strategy-summary")).toContainText("Now: Standard, 5 e-mails on day 1, 2 more each day, up to 40 a day");
  await expect(strategy.getByTestId("warmup-strategy-pending")).toHaveText("Saved — applies when warmup starts.");

  // A custom target past the mailbox's limit is refused beside its field.
  await strategy.getByRole("radio", { name: /^Custom/ }).check();
  await strategy.getByLabel("E-mails a day once warm").fill("100000");
  await strategy.getByRole("button", { name: "Save strategy" }).click();
  await expect(strategy.locator("#warmup-target-volume-error")).toBeVisible();

  // A preset chosen and not saved: Start warmup starts with it, not with the one saved before.
  await strategy.getByRole("radio", { name: /^Aggressive/ }).check();
  await warmup.getByRole("button", { name: "Start warmup" }).click();
  await expect(warmup.getByTestId("warmup-status")).toHaveAttribute("data-status", "warming");
  await expect(strategy.getByTestId("warmup-strategy-summary")).toContainText("Now: Aggressive, 10 e-mails on day 1, 4 more each day, up to 80 a day");
  await expect(warmup.getByTestId("warmup-status-label")).not.toBeEmpty();
  await expect(warmup.getByTestId("warmup-progress")).toContainText("Day 1");
  await expect(warmup.getByTestId("warmup-progress")).toContainText("of 80 warmup e-mails a day");
  await expect(strategy.getByTestId("warmup-strategy-pending")).toBeHidden();
  // Campaigns wait while it warms; the switch lets them send within the ramp.
  await expect(warmup.getByTestId("warmup-hold")).toContainText("Campaigns wait until");
  const override = warmup.getByRole("switch", { name: "Send campaigns during warmup" });
  await expect(override).toHaveAttribute("aria-checked", "false");
  await override.click();
  await expect(override).toHaveAttribute("aria-checked", "true");
  await snap(page, "health-warming");

  // Stop asks first: it is for good.
  await warmup.getByRole("button", { name: "Stop" }).click();
  const stop = page.getByRole("dialog", { name: "Stop warmup for good?" });
  await expect(stop).toContainText("Starting again later begins at day 1");
  await stop.getByRole("button", { name: "Keep warming" }).click();
  await expect(warmup.getByTestId("warmup-status")).toHaveAttribute("data-status", "warming");
});

test("the Mailboxes list shows each mailbox's health and filters on it", async ({ page, own }) => {
  const email = `hedy.list.${uniqueTag()}@herald-demo.example`;
  const mailboxId = await sandboxMailbox(own, email);
  await own.signIn(page);
  await page.goto("/mailboxes");
  const row = page.getByTestId("mailbox-row");
  await expect(row).toHaveCount(1);
  const health = row.getByTestId("mailbox-health");
  await expect(health).toBeVisible();
  const current = (await health.getAttribute("data-health"))!;
  expect(["ok", "warning", "failing", "unchecked"]).toContain(current);
  await expect(row.getByTestId("mailbox-health-reason")).not.toBeEmpty();

  const labels = { ok: "Healthy", warning: "Needs attention", failing: "Failing", unchecked: "Not checked" } as const;
  const filter = page.getByRole("group", { name: "Filter mailboxes" }).getByLabel("Health");
  await filter.selectOption({ label: labels[current as keyof typeof labels] });
  await expect(row).toHaveCount(1);
  const other = (Object.keys(labels) as Array<keyof typeof labels>).find((health) => health !== current)!;
  await filter.selectOption({ label: labels[other] });
  await expect(page.getByRole("heading", { name: "No mailboxes match" })).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole("button", { name: "Show every mailbox" }).click();
  await expect(row).toHaveCount(1);

  // The status filter still works beside it.
  await page.getByRole("group", { name: "Filter mailboxes" }).getByLabel("Status").selectOption({ label: "Disconnected" });
  await expect(page.getByRole("heading", { name: "No mailboxes match" })).toBeVisible();
  await page.getByRole("group", { name: "Filter mailboxes" }).getByLabel("Status").selectOption({ label: "Any status" });
  await expect(row).toHaveCount(1);

  // The badge leads to the health page.
  await row.getByRole("link", { name: /^Health of / }).click();
  await expect(page).toHaveURL(new RegExp(`/mailboxes/${mailboxId}/health$`));
});
