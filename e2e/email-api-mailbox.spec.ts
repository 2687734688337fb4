import { freePort } from "../server/test/mail-servers";
import { startPostmarkFake, type PostmarkFake } from "../server/test/fakes/postmark-fake";
import { startHerald, type StartedHerald } from "./herald-server.mjs";
import { expect, test, uniqueTag } from "./own-workspace";

// An e-mail API mailbox connected in the browser: Postmark is a loopback stand-in answering in its
// documented shapes (HERALD_POSTMARK_API_URL on a Herald of the test's own). A refused token is
// shown next to its field; the accepted one gives the webhook address to paste at Postmark, which
// takes only requests with the mailbox's basic-auth password.
const owner = { name: "Paula Postmark", email: "paula@api-mail.test", password: "a long enough password", workspace: "API mail" };
const WEBHOOK_PASSWORD = "paulas-webhook-password";

let postmark: PostmarkFake;
let herald: StartedHerald;

test.beforeAll(async () => {
  postmark = await startPostmarkFake();
  herald = await startHerald({ port: await freePort(), database: `herald_e2e_api_mail_${uniqueTag()}`, quiet: true, env: { HERALD_POSTMARK_API_URL: postmark.url } });
});

test.afterAll(async () => {
  await herald?.stop();
  await postmark?.close();
});

test("connects a Postmark mailbox: a refused token at its field, then the webhook address to give Postmark", async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: herald.url });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  await page.goto("/mailboxes");
  await page.getByRole("button", { name: "Connect a mailbox" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a mailbox" });
  await dialog.getByRole("tab", { name: "E-mail API" }).click();
  await expect(dialog.getByText("do not take part in warmup")).toBeVisible();
  await expect(dialog.getByLabel("Provider")).toHaveValue("postmark");
  await dialog.getByLabel("E-mail address").fill("paula@api-mail.test");
  await dialog.getByLabel("Server API token").fill("not-the-token");
  await dialog.getByLabel("Webhook password").fill(WEBHOOK_PASSWORD);
  await dialog.getByRole("button", { name: "Connect Postmark mailbox" }).click();
  await expect(dialog.getByText("Postmark does not accept this server API token.").first()).toBeVisible();

  await dialog.getByLabel("Server API token").fill(postmark.token);
  await dialog.getByRole("button", { name: "Connect Postmark mailbox" }).click();
  await expect(page.getByTestId("mailbox-connected")).toContainText("paula@api-mail.test");
  const address = page.getByTestId("provider-webhook-url");
  await expect(address).toContainText("://herald:YOUR-WEBHOOK-PASSWORD@");
  const shown = (await address.textContent())!.trim();
  const webhookUrl = shown.replace("herald:YOUR-WEBHOOK-PASSWORD@", "");
  expect(webhookUrl).toMatch(/\/api\/providers\/mail\/postmark\/[A-Za-z0-9_-]{32}$/);
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

  // The mailbox page says how it sends and why it does not warm up, with the address again.
  const row = page.getByTestId("mailbox-row");
  await expect(row).toContainText("Postmark");
  await row.getByRole("link", { name: "Manage paula@api-mail.test" }).click();
  await expect(page.getByText("Postmark's API with your key")).toBeVisible();
  await expect(page.getByText("No warmup: warmup reads e-mail in the mailbox's folders")).toBeVisible();
  await expect(page.getByTestId("provider-webhook-url")).toHaveText(shown);

  // Postmark's requests get in only with the password (basic auth), as Postmark sends it.
  const request = await playwright.request.newContext();
  const path = new URL(webhookUrl).pathname;
  const delivery = { RecordType: "Delivery", MessageID: "00000000-0000-0000-0000-000000000000", Recipient: "ann@prospect.test", DeliveredAt: new Date().toISOString(), Details: "250 OK", ServerID: 1, Metadata: {} };
  const basic = (password: string) => ({ Authorization: `Basic ${Buffer.from(`herald:${password}`).toString("base64")}` });
  expect((await request.post(`${herald.url}${path}`, { data: delivery, headers: basic("a-guessed-password") })).status()).toBe(401);
  const accepted = await request.post(`${herald.url}${path}`, { data: delivery, headers: basic(WEBHOOK_PASSWORD) });
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toMatchObject({ received: true, outcomes: ["unmatched"] });
  await request.dispose();
  await context.close();
});
