import type { Page } from "@playwright/test";
import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, expectContentFits, test, uniqueTag, type WebhookReceiver } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";

// The unified inbox end to end: a lead of a campaign gets the campaign's e-mail and connects with
// the workspace's sender on LinkedIn; acting as the prospect on the Sandbox page, they answer by
// e-mail and on LinkedIn; both conversations show up unread in the Inbox without a reload, the user
// answers each from its thread (a threaded e-mail, a LinkedIn message), and webhooks report it all.
test.use({ ownLabel: "Ines" });

const EVENTS = ["email.sent", "email.received", "message.sent", "message.received"];

/** Screenshots of the Inbox for a look at its layout, taken on demand (INBOX_SCREENSHOTS=folder). */
async function snap(page: Page, name: string) {
  if (process.env.INBOX_SCREENSHOTS) await page.screenshot({ path: `${process.env.INBOX_SCREENSHOTS}/${name}.png` });
}

function deliveries(receiver: WebhookReceiver, event: string) {
  return receiver.received.filter((delivery) => delivery.event === event).map((delivery) => JSON.parse(delivery.body).data);
}

/** Answers the open conversation from its composer, sending with Ctrl+Enter or the button. */
async function answer(page: Page, text: string, how: "shortcut" | "button") {
  const composer = page.getByRole("form", { name: "Reply" });
  await composer.getByRole("textbox").fill(text);
  if (how === "shortcut") await composer.getByRole("textbox").press("Control+Enter");
  else await composer.getByRole("button", { name: "Send" }).click();
  await expect(composer.getByRole("textbox")).toHaveValue("");
  const sent = page.getByTestId("thread-message").filter({ hasText: text });
  await expect(sent).toHaveAttribute("data-direction", "outbound");
  await expect(sent.getByTestId("message-author")).toHaveText("You");
}

test("a prospect answers by e-mail and on LinkedIn; both land unread in the Inbox and are answered from there", async ({ page, own, webhookReceiver, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const person = sandboxDirectory()[7 + (parseInt(tag, 36) % 40)]!;
  const name = `${person.firstName} ${person.lastName}`;
  const mailboxEmail = `ines.${tag}@herald-demo.example`;
  const prospectEmail = quietProspect(mailboxEmail, tag, person.publicIdentifier.split("-")[0]);
  expect((await own.api.post("/webhooks", { url: webhookReceiver.url, events: EVENTS })).status()).toBeLessThan(300);

  // A sandbox sender (Herald and the Sandbox page call it by its label) and a sandbox mailbox, and a
  // campaign that e-mails the lead from the mailbox, with the sender in its pool for LinkedIn.
  const senderName = "Ines on LinkedIn";
  const sender = await own.api.post("/accounts", { username: `ines.${tag}@example.com`, password: "any password will do", label: senderName });
  expect(sender.status()).toBe(200);
  const senderBody = (await sender.json()).data as { id: string };
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, label: "Ines' mailbox", fromName: "Ines Tester" });
  expect(mailbox.status()).toBeLessThan(300);
  const mailboxId = (await mailbox.json()).data.id as string;
  const created = await own.api.post("/campaigns", {
    name: `Inbox journey ${tag}`,
    schedule: allDaySchedule(),
    linkedinAccountIds: [senderBody.id],
    emailAccountIds: [mailboxId],
    sequence: { steps: [{ type: "email", nextDelayHours: 72, config: { subject: "A question, {{firstName}}", text: "Hi {{firstName}},\n\nHow does {{company}} handle outbound today?" } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const profileUrl = `https://www.linkedin.com/in/${person.publicIdentifier}`;
  const lead = { profileUrl, email: prospectEmail, firstName: person.firstName, lastName: person.lastName, company: person.company, jobTitle: person.jobTitle };
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [lead] })).status()).toBeLessThan(300);
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  // On LinkedIn, the sender asks the lead to connect (a direct action, at once).
  const invite = await own.api.post(`/accounts/${senderBody.id}/connections`, { profileUrl });
  expect(invite.status(), await invite.text()).toBeLessThan(300);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);

  // While the executor sends the campaign's e-mail: on the Sandbox page, the prospect accepts the invitation.
  await page.getByRole("link", { name: "Sandbox", exact: true }).click();
  const invitation = page.getByTestId("sandbox-invitation").filter({ hasText: senderName });
  await invitation.getByRole("button", { name: `Accept as ${name}` }).click();
  await expect(invitation).toContainText("accepted");

  // The e-mail went out at the executor's next minute pass (Herald's clock, moved instead of waited
  // for): the Inbox shows its conversation, read, as nothing came back yet.
  await clock.advanceUntil(() => expect(deliveries(webhookReceiver, "email.sent")).toHaveLength(1), { limitMs: 60_000, message: "The campaign's e-mail" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  const rows = page.getByTestId("conversation-row");
  const emailRow = rows.filter({ hasText: `A question, ${person.firstName}` });
  await expect(emailRow).toContainText(name);
  await expect(emailRow).toContainText(`You: Hi ${person.firstName}`);
  await expect(emailRow.getByTestId("unread-dot")).toHaveCount(0);

  // As the prospect: a message on LinkedIn, and a reply to the e-mail.
  await page.getByRole("link", { name: "Sandbox", exact: true }).click();
  await invitation.getByRole("button", { name: `Write to ${senderName} as ${name}` }).click();
  const linkedinReply = `Thanks for connecting! Happy to compare notes on outbound (${tag}).`;
  await page.getByLabel(`Message from ${name} to ${senderName}`).fill(linkedinReply);
  await page.getByRole("button", { name: `Send as ${name}` }).click();
  await expect(page.getByTestId("sandbox-conversation").filter({ hasText: senderName })).toContainText(linkedinReply);

  const mail = page.getByTestId("sandbox-email").filter({ hasText: prospectEmail });
  await mail.getByRole("group", { name: `Act as ${prospectEmail}` }).getByRole("button", { name: "Reply", exact: true }).click();
  const emailReply = `Good timing: we are rebuilding our outbound this quarter. Call on Thursday? (${tag})`;
  await mail.getByLabel(`Reply from ${prospectEmail} to ${mailboxEmail}`).fill(emailReply);
  await mail.getByRole("button", { name: "Send reply" }).click();
  await expect(mail.getByRole("status")).toBeVisible();

  // Back in the Inbox, LinkedIn's message is there at once, unread, on top.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
  // (Rows are known by their account: the snippet changes with each message.)
  const linkedinRow = rows.filter({ hasText: senderName });
  await expect(linkedinRow).toContainText(linkedinReply);
  await expect(linkedinRow.getByTestId("unread-dot")).toBeVisible();
  await expect(rows.first()).toContainText(linkedinReply);
  await expect(page.getByTestId("inbox-unread-badge")).toBeVisible();
  await snap(page, "inbox-list");

  // Filters: LinkedIn only; unread only.
  const channel = page.getByRole("group", { name: "Channel" });
  await channel.getByRole("button", { name: "LinkedIn" }).click();
  await expect(rows).toHaveCount(1);
  await channel.getByRole("button", { name: "All" }).click();
  await page.getByLabel("Unread only").check();
  await expect(rows.filter({ hasText: linkedinReply })).toHaveCount(1);
  await page.getByLabel("Unread only").uncheck();

  // The LinkedIn thread: opening it reads it; the lead's card; an interest; the answer, sent with the button.
  await linkedinRow.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]c=cnv_/);
  await expect(page.getByTestId("thread-title")).toHaveText(name);
  await expect(page.getByRole("form", { name: "Reply" })).toContainText(`Reply on LinkedIn as ${senderName}`);
  await expect(page.getByTestId("thread-message").filter({ hasText: linkedinReply })).toHaveAttribute("data-direction", "inbound");
  await expect(linkedinRow.getByTestId("unread-dot")).toHaveCount(0);
  const card = page.getByTestId("lead-card");
  await expect(card).toContainText(`Inbox journey ${tag}`);
  await expect(card).toContainText(prospectEmail);
  await expect(card.getByTestId("lead-status")).toHaveText("Replied");
  await card.getByRole("group", { name: "Interest" }).getByRole("button", { name: "Interested", exact: true }).click();
  await expect(card.getByRole("button", { name: "Interested", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(linkedinRow).toContainText("Interested");
  const linkedinAnswer = `Great, let us talk next week (${tag}).`;
  await answer(page, linkedinAnswer, "button");
  const linkedinUrl = page.url();
  await snap(page, "inbox-linkedin-thread");

  // Mark unread brings the dot back; a reload keeps the open thread.
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(linkedinRow.getByTestId("unread-dot")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("thread-message").filter({ hasText: linkedinAnswer })).toBeVisible();

  // The e-mail reply arrives when the mailbox is next read (the minute's mailbox poll, on Herald's
  // clock), unread, without a reload: the open page's own polling shows it.
  await clock.advanceUntil(() => expect(deliveries(webhookReceiver, "email.received")).toHaveLength(1), { limitMs: 60_000, message: "The e-mail reply" });
  await expect(emailRow).toContainText(emailReply);
  await expect(emailRow.getByTestId("unread-dot")).toBeVisible();

  // The e-mail thread: the campaign's e-mail, then the reply with its quoted history stripped; answered with Ctrl+Enter.
  await emailRow.getByRole("link").click();
  const thread = page.getByTestId("thread-message");
  await expect(thread.first().getByTestId("message-author")).toHaveText("Campaign");
  await expect(thread.filter({ hasText: emailReply })).toHaveAttribute("data-direction", "inbound");
  await expect(emailRow.getByTestId("unread-dot")).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Reply" })).toContainText(`Reply by e-mail from Ines' mailbox <${mailboxEmail}>`);
  const emailAnswer = `Thursday at 10 works. I will send an invite (${tag}).`;
  await answer(page, emailAnswer, "shortcut");
  await expect(page.getByTestId("inbox-unread-badge")).toHaveCount(0);
  await snap(page, "inbox-email-thread");

  // A paused mailbox cannot answer: the open thread learns it by itself and the composer says why.
  expect((await own.api.post(`/email-accounts/${mailboxId}/pause`, {})).status()).toBeLessThan(300);
  await expect(page.getByTestId("cannot-reply")).toContainText("is paused: resume it to reply");
  await expect(page.getByRole("form", { name: "Reply" }).getByRole("textbox")).toBeDisabled();

  // The webhooks: both replies came in, and both answers went out as the user's own (source manual).
  await expect.poll(() => EVENTS.filter((event) => !deliveries(webhookReceiver, event).length), { timeout: 30_000 }).toEqual([]);
  await expect.poll(() => deliveries(webhookReceiver, "email.sent").length, { timeout: 30_000 }).toBe(2);
  const [received] = deliveries(webhookReceiver, "email.received");
  expect(received).toMatchObject({ campaignId, message: { text: expect.stringContaining("Good timing") } });
  expect(received.message.text).not.toContain("How does");
  const manualEmail = deliveries(webhookReceiver, "email.sent").find((data) => data.source === "manual");
  expect(manualEmail).toMatchObject({ accountId: mailboxId, message: { text: expect.stringContaining(emailAnswer) }, email: { threaded: true, to: prospectEmail } });
  expect(manualEmail.email.subject).toMatch(new RegExp(`^Re: A question, ${person.firstName}`));
  expect(deliveries(webhookReceiver, "message.received")[0]).toMatchObject({ accountId: senderBody.id, message: { text: linkedinReply } });
  expect(deliveries(webhookReceiver, "message.sent").find((data) => data.source === "manual")).toMatchObject({ accountId: senderBody.id, message: { text: linkedinAnswer } });

  // On a phone the thread is a screen of its own, with a way back to the list.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(linkedinUrl);
  await expect(page.getByTestId("thread-title")).toHaveText(name);
  await expect(page.getByRole("form", { name: "Reply" })).toBeVisible();
  await expect(page.getByTestId("lead-card")).toBeHidden();
  await page.getByRole("button", { name: "Lead", exact: true }).click();
  await expect(page.getByTestId("lead-card")).toContainText(`Inbox journey ${tag}`);
  await page.getByRole("button", { name: "Hide lead" }).click();
  await snap(page, "inbox-phone-thread");
  await expectContentFits(page);
  await page.getByRole("link", { name: "Back to conversations" }).click();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("thread-title")).toHaveCount(0);
  await expectContentFits(page);
});

test("an empty Inbox says where conversations come from, on a phone too", async ({ page, own }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await own.signIn(page);
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Campaigns" })).toHaveAttribute("href", "/campaigns");
  await expectContentFits(page);
  await page.getByLabel("Unread only").check();
  await expect(page).toHaveURL(/\/inbox\?unread=1$/);
  await expect(page.getByRole("heading", { name: "No conversation matches" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByLabel("Unread only")).not.toBeChecked();
  // A link to a conversation that is not there says so, with the way back.
  await page.goto("/inbox?c=cnv_00000000000000000000000000000000");
  await expect(page.getByText("This conversation does not exist in this workspace.")).toBeVisible();
  await page.getByRole("link", { name: "Back to conversations" }).first().click();
  await expect(page.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
});
