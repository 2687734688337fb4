import type { Page } from "@playwright/test";
import { expect, test } from "./own-workspace";
import { syncPageClock } from "./test-control";

// Connecting senders, each test in a workspace of its own (five sender seats) with members of the
// sandbox network nobody connected before.

/** A sandbox member nobody connected yet: the suffix goes before the "+tag" (sign-in-rules.ts). */
function member(name: string, tag?: string) {
  const suffix = Math.random().toString(36).slice(2, 7).replace(/^\d/, "q");
  const base = `${name}.${suffix}`;
  return {
    email: `${base}${tag ? `+${tag}` : ""}@example.com`,
    // sandboxIdentity capitalises each word of the part before the "+".
    fullName: `${name[0]!.toUpperCase()}${name.slice(1)} ${suffix[0]!.toUpperCase()}${suffix.slice(1)}`,
  };
}

async function openConnectDialog(page: Page) {
  await page.goto("/senders");
  await page.getByRole("button", { name: "Connect a sender" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Connect a sender" })).toBeVisible();
  return dialog;
}

async function connectByPassword(page: Page, email: string) {
  const dialog = await openConnectDialog(page);
  await dialog.getByLabel("E-mail or phone").fill(email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("any password will do");
  await dialog.getByRole("button", { name: "Sign in to LinkedIn" }).click();
  return dialog;
}

function senderRow(page: Page, name: string) {
  return page.getByTestId("sender-row").filter({ hasText: name });
}

test("connect a sender by password and answer its 2FA prompt, a wrong code first", async ({ page, own, clock }) => {
  const ada = member("ada", "2fa");
  // The prompt counts down to Herald's expiry time on the browser's clock.
  await syncPageClock(page, clock);
  await own.signIn(page);
  await page.goto("/senders");
  await expect(page.getByRole("heading", { name: "Senders", level: 1 })).toBeVisible();
  await expect(page.getByText("No senders yet")).toBeVisible();
  await expect(page.getByTestId("seats")).toHaveText("0 of 5 seats used.");

  const dialog = await connectByPassword(page, ada.email);
  await expect(dialog.getByRole("heading", { name: "Enter your two-step verification code" })).toBeVisible();
  await expect(dialog.getByRole("timer")).toContainText(/Expires in [45]:\d\d/);

  await dialog.getByLabel("Verification code", { exact: true }).fill("000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("LinkedIn rejected that code.")).toBeVisible();

  await dialog.getByLabel("Verification code", { exact: true }).fill("123456");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByTestId("connect-success")).toContainText(`${ada.fullName} is connected`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const row = senderRow(page, ada.fullName);
  await expect(row).toContainText("Connected");
  await expect(row).toContainText("Free");
  await expect(row.getByRole("meter", { name: "Invitations today" })).toHaveAttribute("aria-valuetext", "0 of 25");
  await expect(page.getByTestId("seats")).toHaveText("1 of 5 seats used.");
});

test("a sign-in approved in the LinkedIn app (on the Sandbox page) completes in the open dialog", async ({ page, own }) => {
  const grace = member("grace", "app");
  await own.signIn(page);
  const dialog = await connectByPassword(page, grace.email);
  await expect(dialog.getByRole("heading", { name: "Approve the sign-in in your LinkedIn app" })).toBeVisible();
  await expect(dialog.getByText("Waiting for your approval…")).toBeVisible();

  // The account owner's phone: another tab of the same session, on the Sandbox page.
  const phone = await page.context().newPage();
  await phone.goto("/sandbox");
  const signInRow = phone.getByTestId("sandbox-sign-in").filter({ hasText: grace.fullName });
  await expect(signInRow).toContainText("Approval in the LinkedIn app");
  await signInRow.getByRole("button", { name: "Approve in the LinkedIn app" }).click();
  await expect(signInRow).toContainText("Approved");
  await phone.close();

  // The dialog polls the checkpoint and moves on by itself.
  await expect(dialog.getByTestId("connect-success")).toContainText(`${grace.fullName} is connected`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(senderRow(page, grace.fullName)).toContainText("Connected");
});

test("a hosted link: the owner of the account connects it on the public page, the dashboard follows", async ({ page, browser, own }) => {
  const linus = member("linus");
  await own.signIn(page);
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("tab", { name: "Hosted link" }).click();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = (await dialog.getByTestId("hosted-link-url").textContent())!.trim();
  expect(url).toMatch(/\/connect\/[^/]+$/);
  await expect(dialog.getByTestId("hosted-link-status")).toHaveText("Waiting for sign-in");

  // Someone without a Herald session opens the link.
  const visitor = await browser.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole("heading", { name: "Connect your LinkedIn account" })).toBeVisible();
  await expect(visitor.getByText(own.person.workspace)).toBeVisible();
  await expect(dialog.getByTestId("hosted-link-status")).toContainText("Waiting for sign-in");

  await visitor.getByLabel("E-mail or phone").fill(linus.email);
  await visitor.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await visitor.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
  await visitor.getByRole("textbox", { name: "Password", exact: true }).fill("the right one");
  await visitor.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Your LinkedIn account is connected" })).toBeVisible();
  await expect(visitor.getByText("You can close this page.")).toBeVisible();
  await visitor.close();

  await expect(dialog.getByTestId("hosted-link-status")).toHaveText("Connected");
  await dialog.getByRole("link", { name: "Open the new sender" }).click();
  await expect(page.getByRole("heading", { name: linus.fullName, level: 1 })).toBeVisible();
  await expect(page.getByText("Password, through a hosted link")).toBeVisible();
});

test("a connection request from the sender's page, accepted and answered as the prospect on the Sandbox page", async ({ page, own, webhookReceiver }) => {
  const { url: receiverUrl, received } = webhookReceiver;
  const mira = member("mira", "premium");
  const prospect = { name: "Maya Chen", profileUrl: "https://www.linkedin.com/in/maya-chen-000" };
  await own.signIn(page);

  // An endpoint for the prospect's answers, so that they are seen leaving Herald too.
  await page.goto("/settings/api");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("Endpoint URL").fill(receiverUrl);
  await page.getByLabel(/^connection\.accepted/).check();
  await page.getByLabel(/^message\.received/).check();
  await page.getByRole("button", { name: "Add endpoint" }).last().click();
  await expect(page.getByTestId("webhook-endpoint")).toContainText(receiverUrl);

  const dialog = await connectByPassword(page, mira.email);
  await expect(dialog.getByTestId("connect-success")).toContainText(`${mira.fullName} is connected`);
  await dialog.getByRole("link", { name: "Open sender" }).click();
  await expect(page.getByRole("heading", { name: mira.fullName, level: 1 })).toBeVisible();
  await expect(page.getByTestId("sender-badges")).toContainText("Premium");
  await expect(page.getByText("No actions yet.")).toBeVisible();

  await page.getByLabel("LinkedIn profile URL").fill("https://example.com/not-linkedin");
  await page.getByRole("button", { name: "Send connection request" }).click();
  await expect(page.getByText("must be a LinkedIn profile URL")).toBeVisible();

  await page.getByLabel("LinkedIn profile URL").fill(prospect.profileUrl);
  const note = "Hi Maya, we met at the logistics summit in Berlin.";
  await page.getByLabel("Note with the connection request (optional)").fill(note);
  await expect(page.getByTestId("note-counter")).toHaveText(`${note.length}/300`);
  await page.getByRole("button", { name: "Send connection request" }).click();
  await expect(page.getByText("Connection request sent with your note.")).toBeVisible();

  const invitationRow = page.getByTestId("action-row").filter({ hasText: "Connection request" });
  await expect(invitationRow).toContainText("maya-chen-000");
  await expect(invitationRow).toContainText("Pending");
  await expect(page.getByRole("meter", { name: "Connection requests today" })).toHaveAttribute("aria-valuetext", "1 of 30");

  // A second request to the same person is refused while the first is pending.
  await page.getByRole("button", { name: "Send connection request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already pending" }).first()).toBeVisible();
  const senderUrl = page.url();

  await page.getByRole("link", { name: "Sandbox", exact: true }).click();
  const invitation = page.getByTestId("sandbox-invitation").filter({ hasText: mira.fullName });
  await expect(invitation).toContainText(prospect.name);
  await expect(invitation).toContainText("pending");
  await expect(invitation).toContainText(note);
  await invitation.getByRole("button", { name: `Accept as ${prospect.name}` }).click();
  await expect(invitation).toContainText("accepted");

  await invitation.getByRole("button", { name: `Write to ${mira.fullName} as ${prospect.name}` }).click();
  await page.getByLabel(`Message from ${prospect.name} to ${mira.fullName}`).fill("Thanks Mira, happy to talk next week.");
  await page.getByRole("button", { name: `Send as ${prospect.name}` }).click();
  const conversation = page.getByTestId("sandbox-conversation").filter({ hasText: mira.fullName });
  await expect(conversation).toContainText("Thanks Mira, happy to talk next week.");

  await page.goto(senderUrl);
  await expect(page.getByTestId("action-row").filter({ hasText: "Connection request" })).toContainText("Accepted");

  // Both answers left Herald as signed webhooks, and the deliveries log shows them.
  await expect.poll(() => received.map((delivery) => delivery.event).sort(), { timeout: 20_000 }).toEqual(["connection.accepted", "message.received"]);
  const accepted = JSON.parse(received.find((delivery) => delivery.event === "connection.accepted")!.body);
  expect(accepted.data).toMatchObject({ source: "direct", lead: expect.objectContaining({ firstName: "Maya", lastName: "Chen" }) });
  await page.goto("/settings/api");
  await expect(page.getByTestId("delivery-row").filter({ hasText: "connection.accepted" })).toContainText("delivered");
  await expect(page.getByTestId("delivery-row").filter({ hasText: "message.received" })).toContainText("delivered");

  // Deleting the endpoint takes its deliveries with it.
  page.once("dialog", (confirmation) => confirmation.accept());
  await page.getByTestId("webhook-endpoint").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
  await expect(page.getByText("No deliveries yet.")).toBeVisible();
});

test("connect by session cookie, then disconnect the sender after confirming", async ({ page, own }) => {
  const cora = member("cora");
  await own.signIn(page);
  const dialog = await openConnectDialog(page);
  // The dialog starts on its first field, closes with Escape and gives focus back to its opener.
  await expect(dialog.getByLabel("E-mail or phone")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const opener = page.getByRole("button", { name: "Connect a sender" }).first();
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  // Its tabs follow the arrow keys.
  await dialog.getByRole("tab", { name: "Password" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Session cookie" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByRole("tab", { name: "Session cookie" })).toBeFocused();
  await expect(dialog.getByLabel("User agent")).toHaveValue(/Mozilla/);
  await dialog.getByLabel("li_at cookie").fill(cora.email.replace("@example.com", ""));
  await dialog.getByRole("button", { name: "Connect with cookie" }).click();
  await expect(dialog.getByTestId("connect-success")).toContainText(`${cora.fullName} is connected`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("seats")).toHaveText("1 of 5 seats used.");

  await senderRow(page, cora.fullName).getByRole("link", { name: cora.fullName, exact: true }).click();
  await expect(page.getByRole("heading", { name: cora.fullName, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Disconnect", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Disconnect ${cora.fullName}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole("button", { name: "Disconnect", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect sender" }).click();
  await expect(page).toHaveURL(/\/senders$/);
  await expect(page.getByTestId("sender-row")).toHaveCount(0);
  await expect(page.getByTestId("seats")).toHaveText("0 of 5 seats used.");
});
