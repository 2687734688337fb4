import type { Locator, Page } from "@playwright/test";
import { sandboxDirectory, sandboxProfileUrl } from "../server/providers/linkedin/sandbox/directory";
import { expect, test, uniqueTag } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";

// A sequence across both channels built in the editor: "e-mail → if opened within 2 days →
// connection request, else a follow-up e-mail; no address → find it". Two leads with addresses the
// sandbox mail network leaves alone, so what happens is what the test does: lead A opens the e-mail
// on the Sandbox page and is invited; lead B does nothing and gets the follow-up once the window
// closed. (Neither lacks an address: find_email's lookup is driven by the demo sample's db test.)
test.use({ ownLabel: "Iris" });

const stepNode = (page: Page, name: RegExp) => page.getByRole("button", { name });

/** From the campaign's leads table to the lead's page (loaded, so that a reload stays there). */
async function openLeadPage(page: Page, name: RegExp) {
  await page.getByTestId("lead-row").getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/leads\/led_/);
  await expect(page.getByTestId("lead-page-name")).toBeVisible();
}

/** Reloads the page and looks for the locator briefly: a check for clock.advanceUntil, which moves time until it passes. */
const shownAfterReload = (page: Page, locator: Locator) => async () => {
  await page.reload();
  await expect(locator).toBeVisible({ timeout: 2_000 });
};

test("e-mail, then a connection request to who opened it within two days and a follow-up to who did not", async ({ page, own, clock, webhookReceiver }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const mailboxEmail = `iris.${tag}@herald-demo.example`;
  const [prospectA, prospectB] = sandboxDirectory().slice(40, 42);
  const leadA = { firstName: "Ana", email: quietProspect(mailboxEmail, tag, "ana.costa"), profileUrl: sandboxProfileUrl(prospectA!.publicIdentifier) };
  const leadB = { firstName: "Bruno", email: quietProspect(mailboxEmail, tag, "bruno.silva"), profileUrl: sandboxProfileUrl(prospectB!.publicIdentifier) };

  // Set up as a developer would: a Premium sender (invitation notes), a sandbox mailbox, an empty campaign.
  const sender = await own.api.post("/accounts", { username: `iris.${tag}+premium@example.com`, password: "any password will do", label: "Iris Sender", timezone: "UTC" });
  expect(sender.status()).toBe(200);
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, label: "Iris mailbox" });
  expect(mailbox.status()).toBeLessThan(300);
  const created = await own.api.post("/campaigns", { name: `Cross-channel ${tag}`, linkedinAccountIds: [(await sender.json()).data.id], schedule: allDaySchedule() });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  expect((await own.api.post("/webhooks", { url: webhookReceiver.url, events: ["email.sent"] })).status()).toBeLessThan(300);
  const sentTo = (address: string) => webhookReceiver.received.filter((delivery) => delivery.event === "email.sent" && JSON.parse(delivery.body).data.email.to === address);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);

  // The sequence, in the editor.
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "If has e-mail address", exact: true }).click();

  await stepNode(page, /^Add a step after Has an address/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("Quick question, {{firstName}}");
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName}}, do you have a minute this week?");
  // The condition below waits for the open itself: no reply window before it.
  await page.getByLabel("Wait for a reply", { exact: true }).fill("0");

  // "If e-mail opened" is offered below an e-mail only: here it is.
  await stepNode(page, /^Add a step after No reply/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "If e-mail opened", exact: true }).click();
  const which = page.getByLabel("Which e-mail");
  const firstEmail = await which.locator("option", { hasText: "Quick question" }).getAttribute("value");
  await which.selectOption(firstEmail!);
  await expect(page.getByLabel("Window after the e-mail was sent: unit")).toHaveValue("days");
  await page.getByLabel("Window after the e-mail was sent", { exact: true }).fill("2");

  await stepNode(page, /^Add a step after Opened/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Connection request", exact: true }).click();
  await page.getByLabel("Invitation note (optional)").fill("Hi {{firstName}}, glad to connect here too.");

  await stepNode(page, /^Add a step after Not opened/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  // A follow-up in the first e-mail's thread needs no subject.
  await expect(page.getByLabel("Subject", { exact: true })).toHaveCount(0);
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName}}, a gentle nudge on my note below.");

  await stepNode(page, /^Add a step after No address/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Find e-mail address", exact: true }).click();

  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  const saved = (await (await own.api.get(`/campaigns/${campaignId}`)).json()).data.sequence.steps as Array<{
    id: string;
    type: string;
    parent: string | null;
    branch: string | null;
    nextDelayHours: number;
    config: Record<string, unknown>;
  }>;
  const [hasEmail, hello, opened, invite, followUp, find] = saved;
  expect(saved.map((step) => step.type)).toEqual(["if_has_email", "email", "if_email_opened", "invite", "email", "find_email"]);
  expect(hello).toMatchObject({ parent: hasEmail!.id, branch: "yes", nextDelayHours: 0 });
  expect(opened).toMatchObject({ parent: hello!.id, config: { emailStepId: hello!.id, windowHours: 48 } });
  expect(invite).toMatchObject({ parent: opened!.id, branch: "yes" });
  expect(followUp).toMatchObject({ parent: opened!.id, branch: "no" });
  expect(find).toMatchObject({ parent: hasEmail!.id, branch: "no" });

  // The mailbox and open tracking, in the campaign's settings.
  await page.goto(`/campaigns/${campaignId}?tab=settings`);
  await page.getByRole("region", { name: "Mailboxes" }).getByRole("checkbox", { name: "Iris mailbox" }).check();
  await page.getByRole("region", { name: "E-mail tracking and unsubscribe" }).getByRole("checkbox", { name: /Track opens/ }).check();
  const settings = page.getByRole("form", { name: "Campaign settings" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved");

  // Two leads with addresses and LinkedIn profiles on the sandbox network; activate.
  const added = await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [leadA, leadB].map((lead) => ({ ...lead, company: "Costa Silva" })) });
  expect(added.status()).toBeLessThan(300);
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole("button", { name: "Activate campaign" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Active");
  await clock.advanceUntil(() => expect(sentTo(leadA.email).length + sentTo(leadB.email).length).toBe(2), { limitMs: 30 * 60_000, message: "The first e-mails" });

  // Lead A opens the e-mail on the Sandbox page, past the two minutes in which opens are mail scanners'.
  await clock.advance(125_000);
  await page.goto("/sandbox");
  const mail = page.getByTestId("sandbox-email").filter({ hasText: leadA.email });
  await expect(mail).toContainText("Quick question, Ana");
  await mail.getByRole("group", { name: `Act as ${leadA.email}` }).getByRole("button", { name: "Open", exact: true }).click();
  await expect(mail.getByRole("status")).toContainText("Herald saw the open");

  // Lead A took the Opened branch at once, and its invitation goes out at the sender's next turn.
  await page.goto(`/campaigns/${campaignId}`);
  await openLeadPage(page, /Ana/);
  const timeline = page.getByTestId("timeline-event");
  await clock.advanceUntil(shownAfterReload(page, timeline.filter({ hasText: /Connection request: invitation sent/ })), {
    limitMs: 30 * 60_000,
    message: "Lead A's invitation",
  });
  await expect(timeline.filter({ hasText: /If e-mail opened: checked/ })).toContainText("Then: opened");
  await expect(timeline.filter({ hasText: /E-mail: sent/ })).toHaveCount(1);

  // Lead B did nothing: still waiting at the condition until the two days after its e-mail pass.
  await page.goto(`/campaigns/${campaignId}`);
  await openLeadPage(page, /Bruno/);
  await expect(page.getByTestId("lead-current-step")).toContainText("If e-mail opened");
  await clock.advance(48 * 3_600_000);
  await clock.advanceUntil(() => expect(sentTo(leadB.email)).toHaveLength(2), { limitMs: 30 * 60_000, message: "Lead B's follow-up" });
  expect(JSON.parse(sentTo(leadB.email)[1]!.body).data.email).toMatchObject({ subject: "Re: Quick question, Bruno", threaded: true });
  await page.reload();
  await expect(timeline.filter({ hasText: /If e-mail opened: checked/ })).toContainText("Then: not opened");
  await expect(timeline.filter({ hasText: /E-mail: sent/ })).toHaveCount(2);
  await expect(timeline.filter({ hasText: /Connection request/ })).toHaveCount(0);
  // Lead A got no follow-up.
  expect(sentTo(leadA.email)).toHaveLength(1);
});
