import { expect, test, uniqueTag } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";

// The e-mail channel end to end in the dashboard: connect a sandbox mailbox, build a campaign with
// an e-mail and a follow-up, activate it, let the executor send, then act as the prospect on the
// Sandbox page (open, click, unsubscribe) and see the lead stop and the webhooks arrive.
test.use({ ownLabel: "Grace" });

/** Screenshots of the e-mail pages for a look at their layout, taken on demand (EMAIL_SCREENSHOTS=folder). */
async function snap(page: import("@playwright/test").Page, name: string) {
  if (process.env.EMAIL_SCREENSHOTS) await page.screenshot({ path: `${process.env.EMAIL_SCREENSHOTS}/${name}.png`, fullPage: true });
}

const EVENTS = ["email.sent", "email.opened", "email.clicked", "email.unsubscribed", "lead.status_changed"];

test("connect a sandbox mailbox, send a campaign e-mail, and act as the prospect: open, click, unsubscribe", async ({ page, own, webhookReceiver, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const mailboxEmail = `grace.${tag}@herald-demo.example`;
  const prospect = quietProspect(mailboxEmail, tag);
  const hook = await own.api.post("/webhooks", { url: webhookReceiver.url, events: EVENTS });
  expect(hook.status()).toBeLessThan(300);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);

  // Mailboxes: none yet; connect a sandbox mailbox (the default choice here).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mailboxes" }).click();
  await expect(page.getByRole("heading", { name: "No mailboxes yet" })).toBeVisible();
  await page.getByRole("button", { name: "Connect a mailbox" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a mailbox" });
  await expect(dialog.getByRole("tab", { name: "Sandbox" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByText("nothing leaves Herald")).toBeVisible();
  await dialog.getByRole("button", { name: "Connect sandbox mailbox" }).click();
  await expect(dialog.getByText("must be an e-mail address")).toBeVisible();
  await dialog.getByLabel("E-mail address").fill(mailboxEmail);
  await dialog.getByLabel("From name (optional)").fill("Grace Hopper");
  await dialog.getByRole("button", { name: "Connect sandbox mailbox" }).click();
  await expect(page.getByTestId("mailbox-connected")).toContainText(`Grace Hopper <${mailboxEmail}>`);
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("mailbox-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Connected");
  await expect(row).toContainText("Sandbox");
  await expect(row.getByRole("meter", { name: "Campaign e-mails today" })).toHaveAttribute("aria-valuenow", "0");

  // The mailbox page: a signature for the preview and every e-mail.
  await row.getByRole("link", { name: `Manage ${mailboxEmail}` }).click();
  await expect(page.getByRole("heading", { name: mailboxEmail, level: 1 })).toBeVisible();
  const settings = page.getByRole("form", { name: "Mailbox settings" });
  await settings.getByLabel("Daily limit").fill("0");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("must be a whole number from 1 to 2000")).toBeVisible();
  await settings.getByLabel("Daily limit").fill("40");
  await settings.getByLabel("Signature").fill("Grace Hopper\nHerald demo");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Saved.")).toBeVisible();
  await expect(page.getByTestId("performance-chart")).toBeVisible();
  await snap(page, "mailbox-page");

  // A campaign with tracking and an unsubscribe line, sending from the mailbox all day.
  const created = await own.api.post("/campaigns", {
    name: `E-mail journey ${tag}`,
    schedule: allDaySchedule(),
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  await page.goto(`/campaigns/${campaignId}?tab=settings`);
  const pool = page.getByRole("region", { name: "Mailboxes" });
  await pool.getByRole("checkbox", { name: mailboxEmail }).check();
  const delivery = page.getByRole("region", { name: "E-mail tracking and unsubscribe" });
  await delivery.getByRole("checkbox", { name: /Track opens/ }).check();
  await delivery.getByRole("checkbox", { name: /Track clicks/ }).check();
  await delivery.getByRole("checkbox", { name: /Add an unsubscribe line/ }).check();
  await delivery.getByRole("textbox", { name: "Unsubscribe line" }).fill("Not the right person? {{unsubscribe}}");
  const settingsForm = page.getByRole("form", { name: "Campaign settings" });
  await settingsForm.getByRole("button", { name: "Save settings" }).click();
  await expect(settingsForm.getByRole("status")).toHaveText("Saved");
  await snap(page, "campaign-settings");

  // The sequence: an e-mail with an HTML body and a link, then a follow-up in its thread.
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("A question, ");
  await page.getByRole("button", { name: "First name" }).click();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("A question, {{firstName}}");
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName}},\n\nHow does {{company}} send its e-mail today?");
  await page.getByRole("button", { name: "+ Add an HTML body" }).click();
  await page.getByLabel("HTML body (optional)").fill('<p>Hi {{firstName}},</p><p>How does {{company}} send its e-mail today? <a href="https://example.com/pricing">Our pricing</a></p>');
  const preview = page.getByTestId("email-preview");
  await expect(preview.getByTestId("email-preview-subject")).toHaveText("A question, Ada");
  await preview.getByRole("button", { name: "Plain text" }).click();
  await expect(preview.getByTestId("email-preview-body")).toContainText("How does Analytical Engines send its e-mail today?");
  await expect(preview.getByTestId("email-preview-body")).toContainText("Grace Hopper\nHerald demo");

  await page.getByRole("button", { name: /^Add a step after No reply/ }).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  await expect(page.getByRole("checkbox", { name: /Start a new thread/ })).not.toBeChecked();
  // A reply in the thread needs no subject of its own.
  await expect(page.getByLabel("Subject", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("reply-subject-note")).toHaveText("Sent as a reply: “Re: A question, {{firstName}}”, the first e-mail's subject.");
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName}}, a gentle nudge on my note below.");
  await expect(page.getByTestId("email-preview").getByTestId("email-preview-subject")).toHaveText("Re: A question, Ada");
  await snap(page, "sequence-editor-email");
  if (process.env.EMAIL_SCREENSHOTS) await page.getByTestId("email-preview").screenshot({ path: `${process.env.EMAIL_SCREENSHOTS}/email-preview.png` });
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

  // One lead with an e-mail address, added by hand.
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole("button", { name: "Add leads" }).first().click();
  const add = page.getByRole("dialog");
  await add.getByRole("radio", { name: "One lead" }).click();
  await add.getByLabel("E-mail").fill(prospect);
  await add.getByLabel("First name").fill("Lin");
  await add.getByLabel("Company").fill("Moreau & Fils");
  await add.getByRole("button", { name: "Add lead" }).click();
  await expect(add.getByTestId("add-leads-result")).toContainText("1 lead added.");
  await add.getByRole("button", { name: "Done" }).click();
  const lead = page.getByTestId("lead-row").filter({ hasText: "Lin" });
  await expect(lead).toContainText("Pending");
  await expect(lead.getByTestId("lead-mailbox")).toContainText(mailboxEmail);
  await expect(page.getByText(/^1 lead · 1 mailbox · created/)).toBeVisible();

  // Activate: the executor sends the first e-mail from the mailbox.
  await page.getByRole("button", { name: "Activate campaign" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Active");
  // Within the executor's next minute pass (Herald's clock, moved instead of waited for).
  await clock.advanceUntil(() => expect(webhookReceiver.received.map((delivery) => delivery.event)).toContain("email.sent"), {
    limitMs: 60_000,
    message: "The campaign's first e-mail",
  });
  const sent = JSON.parse(webhookReceiver.received.find((delivery) => delivery.event === "email.sent")!.body);
  expect(sent.data).toMatchObject({ accountId: expect.stringMatching(/^mbx_/), email: { subject: "A question, Lin", to: prospect, threaded: false } });

  // While the scanners' two minutes pass: the mailbox's page counts the e-mail in its performance.
  await page.goto(`/mailboxes/${sent.data.accountId}`);
  await expect(page.getByTestId("performance-sent")).toContainText(/^Sent\s*1/);
  await expect(page.getByTestId("performance-totals")).toContainText(/Sent\s*1/);
  await snap(page, "mailbox-page-after-sending");

  // The Sandbox page: act as the prospect. Opens and clicks within two minutes of sending are mail
  // scanners' and are ignored, so the prospect reads the e-mail after that.
  await page.goto("/sandbox");
  const mail = page.getByTestId("sandbox-email").filter({ hasText: prospect });
  await expect(mail).toContainText("A question, Lin");
  // The two minutes pass on Herald's clock (a little more, as the e-mail was sent a moment ago).
  await clock.advance(125_000);
  const act = mail.getByRole("group", { name: `Act as ${prospect}` });
  await act.getByRole("button", { name: "Open", exact: true }).click();
  await expect(mail.getByRole("status")).toContainText("Herald saw the open");
  await act.getByRole("button", { name: "Click link", exact: true }).click();
  await expect(mail.getByRole("status")).toContainText("Herald saw the click");
  await act.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(mail.getByRole("status")).toContainText("stopped the lead");

  // The lead stopped: no follow-up goes out.
  await page.goto(`/campaigns/${campaignId}`);
  await expect(lead).toContainText("Stopped");
  await expect
    .poll(() => EVENTS.filter((event) => !webhookReceiver.received.some((delivery) => delivery.event === event)), { timeout: 30_000 })
    .toEqual([]);
  const status = webhookReceiver.received.filter((delivery) => delivery.event === "lead.status_changed").map((delivery) => JSON.parse(delivery.body).data);
  expect(status.some((data) => JSON.stringify(data).includes("stopped"))).toBe(true);
  expect(webhookReceiver.received.filter((delivery) => delivery.event === "email.sent")).toHaveLength(1);

  // The funnel shows the e-mail figures (an e-mail-only campaign has no LinkedIn stages): the lead was
  // sent the e-mail, opened it and clicked, and neither replied nor bounced.
  await page.goto(`/campaigns/${campaignId}?tab=funnel`);
  await expect(page.getByTestId("funnel-emailSent")).toContainText("1 (100%)");
  await expect(page.getByTestId("funnel-emailOpened")).toContainText("1 (100%; 100% of sent)");
  await expect(page.getByTestId("funnel-emailClicked")).toContainText("1 (100%; 100% of sent)");
  await expect(page.getByTestId("funnel-emailReplied")).toContainText("0 (0%; 0% of sent)");
  await expect(page.getByTestId("funnel-emailBounced")).toContainText("0 (0%; 0% of sent)");
  await expect(page.getByTestId("funnel-invited")).toHaveCount(0);
  await snap(page, "campaign-funnel");
  // The campaigns list: sent / opened / clicked / bounced.
  await page.goto("/campaigns");
  const listed = page.getByTestId("campaign-row").filter({ hasText: `E-mail journey ${tag}` });
  await expect(listed.getByTestId("campaign-row-email")).toContainText("1 / 1 / 1 / 0");
  await expect(listed.getByTestId("campaign-row-email")).toContainText("E-mail: 1 sent, 1 opened, 1 clicked, 0 bounced");
  await expect(listed.getByTestId("campaign-row-linkedin")).toHaveCount(0);

  // The mailbox's chart: today's figures in a tooltip, opens and clicks among them; replies drawn last, on top.
  await page.goto(`/mailboxes/${sent.data.accountId}`);
  await expect(page.getByRole("meter", { name: "Campaign e-mails today" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByText("Total sent", { exact: true })).toBeVisible();
  const chart = page.getByTestId("performance-chart-area");
  const area = (await chart.boundingBox())!;
  await chart.hover({ position: { x: area.width - 2, y: area.height / 2 } });
  const tooltip = page.getByTestId("performance-tooltip");
  await expect(tooltip).toContainText(/Sent\s*1/);
  await expect(tooltip).toContainText(/Opens\s*1/);
  await expect(tooltip).toContainText(/Clicks\s*1/);
  await snap(page, "mailbox-chart-tooltip");
  await expect(page.getByTestId("performance-chart").locator("polyline").last()).toHaveAttribute("data-series", "replies");
  await page.getByRole("button", { name: "Replies", exact: true }).click();
  await expect(page.getByTestId("performance-chart").locator('polyline[data-series="replies"]')).toHaveCount(0);

  // The mailbox counts the e-mail it sent today.
  await page.goto("/mailboxes");
  await expect(page.getByTestId("mailbox-row").getByRole("meter", { name: "Campaign e-mails today" })).toHaveAttribute("aria-valuenow", "1");
  await snap(page, "mailboxes-list");
});

test("the connect dialog: Google says what it lacks; a password mailbox's test names the field at fault", async ({ page, own }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto("/mailboxes");
  await page.getByRole("button", { name: "Connect a mailbox" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a mailbox" });
  const tag = uniqueTag();
  // Google needs an OAuth client this Herald does not have: the option says so instead of failing later.
  await dialog.getByRole("tab", { name: "Google" }).click();
  await expect(dialog.getByTestId("oauth-not-configured")).toContainText("an administrator sets HERALD_GOOGLE_CLIENT_ID");
  // SMTP defaults: the port follows the security, the security a well-known port, IMAP's host SMTP's.
  await dialog.getByRole("tab", { name: "SMTP / IMAP" }).click();
  await dialog.getByLabel("SMTP security").selectOption("tls");
  await expect(dialog.getByLabel("SMTP port")).toHaveValue("465");
  await dialog.getByLabel("SMTP port").fill("587");
  await expect(dialog.getByLabel("SMTP security")).toHaveValue("starttls");
  await dialog.getByLabel("SMTP host").fill("smtp.example.com");
  await expect(dialog.getByLabel("IMAP host")).toHaveValue("imap.example.com");
  // A password mailbox's test names the field at fault: nothing listens on port 1.
  await snap(page, "connect-smtp");
  await dialog.getByLabel("E-mail address").fill(`grace.${tag}@example.com`);
  await dialog.getByLabel("SMTP host").fill("127.0.0.1");
  await dialog.getByLabel("SMTP port").fill("1");
  await dialog.getByLabel("IMAP host").fill("127.0.0.1");
  await dialog.getByLabel("SMTP password").fill("an app password");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.locator("#smtp-host-error, #smtp-port-error").first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByLabel("SMTP host").or(dialog.getByLabel("SMTP port")).and(dialog.locator("[aria-invalid=true]"))).toHaveCount(1);
  await snap(page, "connect-smtp-error");
});

test("a mailbox's page: pause and resume, and removing says what happens before it does", async ({ page, own }) => {
  const email = `ops.${uniqueTag()}@herald-demo.example`;
  const connected = await own.api.post("/email-accounts", { provider: "sandbox", email, label: "Ops mailbox" });
  expect(connected.status()).toBeLessThan(300);
  const mailboxId = (await connected.json()).data.id as string;
  await own.signIn(page);
  await page.goto(`/mailboxes/${mailboxId}`);
  await expect(page.getByRole("heading", { name: "Ops mailbox", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(page.getByTestId("mailbox-paused")).toContainText("Campaigns send nothing from it until it is resumed");
  await expect(page.getByTestId("mailbox-badges")).toContainText("Paused");
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(page.getByTestId("mailbox-paused")).toHaveCount(0);

  // The performance period changes the figures' comparison.
  await page.getByLabel("Period").selectOption("7");
  await expect(page.getByTestId("performance-sent")).toContainText("vs previous 7 days");

  await page.getByRole("button", { name: "Remove", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Remove Ops mailbox?" });
  await expect(confirm).toContainText("leaves every campaign");
  await expect(confirm).toContainText("Its leads move to the campaigns' remaining mailboxes");
  await expect(confirm).toContainText(`Connecting ${email} again within 15 days restores its campaigns, leads and settings`);
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await confirm.getByRole("button", { name: "Remove mailbox" }).click();
  await expect(page).toHaveURL(/\/mailboxes$/);
  await expect(page.getByRole("heading", { name: "No mailboxes yet" })).toBeVisible();
  expect((await own.api.get(`/email-accounts/${mailboxId}`)).status()).toBe(404);
});
