import { expect, test, uniqueTag } from "./own-workspace";

// The first run can happen once per database: its test gets a Herald of its own on an empty one
// (freshHerald). The other tests use the shared server, each with a workspace of its own.
const owner = { name: "Olivia Owner", email: "olivia@example.com", password: "a long enough password", workspace: "Acme Outreach" };

test("first run, API key, a call with it, revocation, and the 401 that follows", async ({ browser, playwright, freshHerald }) => {
  const context = await browser.newContext({ baseURL: freshHerald.baseURL });
  const page = await context.newPage();
  const request = await playwright.request.newContext({ baseURL: freshHerald.baseURL });
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  // The first run hashes the password, signs in (which hashes it again) and renders the home, the
  // analytics: on a busy machine more than an assertion's usual 10 s (as in e2e/own-workspace.ts).
  await expect(page).toHaveURL(/\/analytics$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();

  // Sign out and back in with the new account.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "API and Webhooks" }).click();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await page.getByLabel("Key name").fill("E2E key");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^hk_/);
  await expect(page.getByTestId("api-key-row")).toHaveCount(1);

  const ok = await request.get("/api/v1/workspace", { headers: { Authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).data.name).toBe(owner.workspace);

  await page.reload();
  await expect(page.getByTestId("api-key-row").first()).not.toContainText("Never");

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("api-key-row").first()).toContainText("Revoked");

  const refused = await request.get("/api/v1/workspace", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: "This API key was revoked." } });
  await request.dispose();
  await context.close();
});

// Asks for adminRequest for what it guarantees: Herald has its first account (before that, every
// page leads to the first run).
test("every dashboard page needs a session", async ({ page, adminRequest: _firstAccountMade }) => {
  for (const path of ["/campaigns", "/settings", "/settings/api", "/api-reference"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in/);
  }
});

test("wrong password is refused with a clear message", async ({ page, own }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(own.person.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("an invited member joins, sees honest empty sections, and switches workspaces", async ({ page, browser, own }) => {
  const max = `max.${uniqueTag()}@example.com`;
  const workspace = own.person.workspace;
  await own.signIn(page);
  await page.goto("/settings/members");
  await page.getByLabel("E-mail").fill(max);
  await page.getByRole("button", { name: "Create invitation" }).click();
  // The browser tests' Herald has no system mailbox: the page says so, and which settings would add one.
  await expect(page.getByTestId("invite-email-outcome")).toHaveText(
    "No system mailbox is set up: copy the link and send it yourself. The installation's operator can set one with HERALD_SYSTEM_SMTP_SERVER and HERALD_SYSTEM_MAIL_FROM.",
  );
  const inviteUrl = (await page.getByTestId("invite-url").textContent())!.trim();

  const invitee = await browser.newPage();
  await invitee.goto(new URL(inviteUrl).pathname);
  await expect(invitee.getByRole("heading", { name: `Join ${workspace}` })).toBeVisible();
  await invitee.getByLabel("Your name").fill("Max Member");
  await invitee.getByLabel("Password").fill("max's long password");
  await invitee.getByRole("button", { name: "Join workspace" }).click();
  await expect(invitee).toHaveURL(/\/analytics$/);
  await expect(invitee.getByText("No leads were contacted in these 30 days")).toBeVisible();
  await invitee.getByRole("link", { name: "Senders" }).click();
  await expect(invitee.getByRole("heading", { name: "Senders", level: 1 })).toBeVisible();

  // Max creates a workspace of his own, lands in it, and switches back to the team's.
  await invitee.getByRole("link", { name: "+ New workspace" }).click();
  await invitee.getByLabel("Workspace name").fill("Max's Lab");
  await invitee.getByRole("button", { name: "Create workspace" }).click();
  await expect(invitee).toHaveURL(/\/analytics$/);
  const switcher = invitee.getByLabel("Workspace", { exact: true });
  await expect(switcher.locator("option:checked")).toHaveText("Max's Lab");
  await switcher.selectOption({ label: workspace });
  await expect(switcher.locator("option:checked")).toHaveText(workspace);
  await invitee.goto("/settings");
  await expect(invitee.getByLabel("Name", { exact: true })).toHaveValue(workspace);
  await expect(invitee.getByText("Only admins and owners can change these settings.")).toBeVisible();

  await page.goto("/settings/members");
  await expect(page.getByText(max)).toBeVisible();
  await invitee.close();
});

test("the API reference lists the operations", async ({ page, own }) => {
  await own.signIn(page);
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(page.getByText("/api/v1/workspace", { exact: true }).first()).toBeVisible();
});
