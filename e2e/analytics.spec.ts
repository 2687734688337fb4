import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, uniqueTag } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";

// The home of outcomes (issue 36): an e-mail campaign on the sandbox mail network writes to five
// leads, two of whom reply (the network's "reply…" addresses) and one bounces; Herald's clock is
// moved rather than waited for. Then, from "/": the figures, a definition, another period and Back,
// a breakdown's number down to exactly the leads behind it, an outcome marked on one of them, the
// CSV export, another outcome added under Settings and marked from the Inbox; and the page on a phone.
test.use({ ownLabel: "Ana" });

/** Screenshots for a look at the layout, taken on demand (ANALYTICS_SCREENSHOTS=folder). */
async function snap(page: Page, name: string) {
  if (process.env.ANALYTICS_SCREENSHOTS) await page.screenshot({ path: `${process.env.ANALYTICS_SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("from the home down to the leads behind a number, and the CSV export", async ({ page, own, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const mailboxEmail = `ana.${tag}@herald-demo.example`;
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, fromName: "Ana Analyst" });
  expect(mailbox.status(), await mailbox.text()).toBeLessThan(300);
  const mailboxId = (await mailbox.json()).data.id as string;
  const campaignName = `Analytics journey ${tag}`;
  const created = await own.api.post("/campaigns", {
    name: campaignName,
    schedule: allDaySchedule(),
    emailAccountIds: [mailboxId],
    sequence: { steps: [{ type: "email", nextDelayHours: 72, config: { subject: "A question, {{firstName}}", text: "Hi {{firstName}},\n\nHow does {{company}} handle outbound today?" } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const repliers = [
    { email: `reply.rita.${tag}@prospects.example`, firstName: "Rita", lastName: "Replier", company: "Answers Ltd" },
    { email: `reply.rob.${tag}@prospects.example`, firstName: "Rob", lastName: "Responder", company: "Answers Ltd" },
  ];
  const others = [
    { email: quietProspect(mailboxEmail, tag, "quinn.quiet"), firstName: "Quinn", lastName: "Quiet", company: "Silence Inc" },
    { email: quietProspect(mailboxEmail, tag, "stella.still"), firstName: "Stella", lastName: "Still", company: "Silence Inc" },
    { email: `bounce.bea.${tag}@prospects.example`, firstName: "Bea", lastName: "Bounced", company: "Nowhere" },
  ];
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [...repliers, ...others] })).status()).toBeLessThan(300);
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);

  // The e-mails go out one by one at the mailbox's pace; the replies come within an hour or so of
  // being opened, read at the mailbox's next poll: a few hours of Herald's time, moved.
  const counts = async () => (await (await own.api.get("/analytics/overview?period=7d")).json()).data.counts as Record<string, number>;
  await clock.advanceUntil(async () => expect(await counts()).toMatchObject({ contacted: 5, emailed: 5, replied: 2, bounced: 1 }), {
    stepMs: 5 * 60_000,
    limitMs: 6 * 60 * 60_000,
    message: "Five leads e-mailed, two replies and a bounce",
  });

  // The home is the analytics.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toHaveText("Analytics");
  const card = (key: string) => page.getByTestId(`kpi-${key}`);
  await expect(card("contacted").getByTestId("kpi-value")).toHaveText("5");
  await expect(card("replied").getByTestId("kpi-value")).toHaveText("2");
  await expect(card("replied").getByTestId("kpi-rate")).toContainText("Reply rate40%");
  await expect(card("bounced").getByTestId("kpi-rate")).toContainText("Bounce rate20%");
  // Nothing was contacted in the 30 days before.
  await expect(card("contacted").getByTestId("change")).toHaveText(/no earlier data/);
  await expect(page.getByTestId("analytics-counting")).toContainText("counted on the day they were first contacted (UTC)");
  await expect(page.getByTestId("performance-chart")).toHaveCount(2);
  await snap(page, "analytics-home");

  // A figure's definition, one click away.
  await card("replied").getByRole("button", { name: "How “Replied” is counted" }).click();
  const definition = page.getByRole("dialog", { name: "Replied" });
  await expect(definition).toContainText("Out-of-office and other automatic replies");
  await expect(definition).toContainText("Replied ÷ leads contacted");
  await definition.getByRole("button", { name: "Close" }).click();
  await expect(definition).toHaveCount(0);

  // Another period, kept in the address; Back returns to the one before.
  const period = page.getByRole("group", { name: "Period" });
  await period.getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\/analytics\?period=7d$/);
  await expect(period.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(card("contacted").getByTestId("kpi-value")).toHaveText("5");
  await page.goBack();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(period.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");

  // Step and Variant need a campaign.
  await page.getByRole("tab", { name: "Step" }).click();
  await expect(page.getByTestId("breakdown-needs-campaign")).toContainText("Choose a campaign to see its steps");
  await page.getByRole("tab", { name: "Campaign" }).click();

  // The campaign's Replied in the breakdown: exactly the two leads who replied.
  const row = page.getByTestId("breakdown-row").filter({ hasText: campaignName });
  await expect(row.getByTestId("breakdown-contacted")).toContainText("5");
  await row.getByTestId("breakdown-replied").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/analytics/leads\\?.*metric=replied&campaignId=${campaignId}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Replied · ${campaignName}`);
  const leads = page.getByTestId("analytics-lead");
  await expect(leads).toHaveCount(2);
  await expect(page.getByTestId("analytics-leads-total")).toHaveText("2 leads");
  for (const lead of repliers) await expect(leads.filter({ hasText: `${lead.firstName} ${lead.lastName}` })).toHaveCount(1);
  await snap(page, "analytics-leads");

  // Down to one of them: a meeting booked, marked on the lead's page, is an outcome.
  await leads.getByRole("link", { name: "Rita Replier" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/leads/`));
  await page.getByLabel("Outcome").selectOption("Meeting booked");
  await expect(page.getByLabel("Outcome")).toHaveValue("Meeting booked");
  await expect(page.getByLabel("Outcome")).toBeEnabled();
  await page.goto("/analytics");
  await expect(card("outcomes").getByTestId("kpi-value")).toHaveText("1");
  await expect(card("outcomes").getByTestId("kpi-rate")).toContainText("Outcome rate20%");

  // The export: the breakdown shown, with every figure and rate.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^herald-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, "utf8");
  // A byte order mark first, so that a spreadsheet reads the names as UTF-8.
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = text.trim().split("\r\n");
  expect(header).toContain("Leads contacted");
  expect(header).toContain("Reply rate (%)");
  expect(lines.find((line) => line.startsWith(campaignName))).toMatch(/^[^,]+,5,0,0,0,5,2,/);

  // From the campaign's funnel to its figures, and down to its steps.
  await page.goto(`/campaigns/${campaignId}?tab=funnel`);
  await page.getByRole("link", { name: "See in Analytics" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?campaignId=${campaignId}$`));
  await expect(page.getByRole("combobox", { name: "Campaign", exact: true })).toHaveValue(campaignId);
  await page.getByRole("tab", { name: "Step" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?campaignId=${campaignId}&by=step$`));
  await expect(page.getByTestId("breakdown-row")).toHaveCount(1);
  await expect(page.getByTestId("breakdown-row").getByTestId("breakdown-replied")).toContainText("2");

  // The workspace's outcomes, under Settings; another one marked from the Inbox's lead card.
  await page.goto("/settings");
  const outcomes = page.getByRole("form", { name: "Outcomes" });
  await expect(outcomes.getByRole("textbox", { name: "Outcome 1" })).toHaveValue("Meeting booked");
  await outcomes.getByRole("button", { name: "Add an outcome" }).click();
  await outcomes.getByRole("textbox", { name: "Outcome 2" }).fill("Demo held");
  await outcomes.getByRole("button", { name: "Save outcomes" }).click();
  await expect(outcomes.getByText("Outcomes saved.")).toBeVisible();
  await page.goto("/inbox");
  await page.getByTestId("conversation-row").filter({ hasText: "Rob Responder" }).getByRole("link").click();
  const leadCard = page.getByTestId("lead-card");
  await leadCard.getByLabel("Outcome").selectOption("Demo held");
  await expect(leadCard.getByLabel("Outcome")).toHaveValue("Demo held");
  await page.goto("/analytics");
  await expect(card("outcomes").getByTestId("kpi-value")).toHaveText("2");

  // On a phone: the cards two a row, the breakdown scrolling inside its card, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card("contacted").getByTestId("kpi-value")).toHaveText("5");
  await expect(page.getByTestId("breakdown-row")).toHaveCount(1);
  const contacted = (await card("contacted").boundingBox())!;
  const accepted = (await card("accepted").boundingBox())!;
  expect(accepted.y, "the cards two a row on a phone").toBeGreaterThan(contacted.y + contacted.height - 1);
  expect(accepted.x + accepted.width, "a card within the screen").toBeLessThanOrEqual(390);
  const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(sizes.scrollWidth, "the analytics page scrolls sideways on a phone").toBeLessThanOrEqual(sizes.clientWidth);
  await snap(page, "analytics-phone");
});
