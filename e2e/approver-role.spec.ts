// An approver's dashboard: invited as an approver, they land on Approvals, the navigation offers
// Approvals, Tasks and the Inbox only, every other page sends them back to Approvals, and a role change by
// the owner opens the rest at their next page.
import { expect, test, uniqueTag } from "./own-workspace";

test("an invited approver sees Approvals, Tasks and the Inbox only", async ({ page, browser, own }) => {
  const email = `avery.${uniqueTag()}@example.com`;
  const password = "avery's long password";
  await own.signIn(page);
  await page.goto("/settings/members");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Approver" });
  await expect(page.getByTestId("invite-role-hint")).toHaveText(/Approvals and Tasks queues and the Inbox only/);
  await expect(page.getByLabel("Can manage billing")).toBeDisabled();
  await page.getByRole("button", { name: "Create invitation" }).click();
  const inviteUrl = (await page.getByTestId("invite-url").textContent())!.trim();

  const context = await browser.newContext();
  const approver = await context.newPage();
  await approver.goto(new URL(inviteUrl).pathname);
  await approver.getByLabel("Your name").fill("Avery Approver");
  await approver.getByLabel("Password").fill(password);
  await approver.getByRole("button", { name: "Join workspace" }).click();
  await expect(approver).toHaveURL(/\/approvals$/);

  const nav = approver.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(nav).toHaveText(["Inbox", "Approvals", "Tasks"]);
  await expect(approver.getByRole("link", { name: "API reference" })).toHaveCount(0);
  await expect(approver.getByRole("link", { name: "+ New workspace" })).toHaveCount(0);

  for (const closed of ["/settings", "/settings/api", "/settings/members", "/campaigns", "/senders", "/sandbox", "/", "/analytics", "/analytics/leads?metric=replied"]) {
    await approver.goto(closed);
    await expect(approver, closed).toHaveURL(/\/approvals$/);
  }

  await nav.filter({ hasText: "Inbox" }).click();
  await expect(approver).toHaveURL(/\/inbox/);
  await expect(approver.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
  await expect(approver.getByLabel("Campaign", { exact: true })).toHaveCount(0);

  // Signing in again lands on Approvals too (the sign-in form goes to the home, "/", which knows the role).
  await approver.getByRole("button", { name: "Sign out" }).click();
  await expect(approver).toHaveURL(/\/sign-in/);
  await approver.getByLabel("E-mail").fill(email);
  await approver.getByLabel("Password").fill(password);
  await approver.getByRole("button", { name: "Sign in" }).click();
  await expect(approver).toHaveURL(/\/approvals$/);
  await expect(nav).toHaveText(["Inbox", "Approvals", "Tasks"]);

  // The owner makes Avery a member: the rest of the dashboard opens at the next page.
  await page.reload();
  await page.getByLabel("Role of Avery Approver").selectOption({ label: "Member" });
  await expect(page.getByLabel("Role of Avery Approver")).toHaveValue("member");
  await approver.goto("/campaigns");
  await expect(approver).toHaveURL(/\/campaigns$/);
  await expect(approver.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Senders" })).toBeVisible();
  await context.close();
});

test("switching to a workspace where one is an approver leaves the page for Approvals", async ({ page, own, adminRequest }) => {
  // The instance admin made Olivia a member of their workspace; now they make her an approver there.
  const listed = await adminRequest.get(`/api/trpc/members.list?input=${encodeURIComponent(JSON.stringify({ json: null }))}`);
  expect(listed.status()).toBe(200);
  const members: Array<{ id: string; email: string }> = (await listed.json()).result.data.json;
  const olivia = members.find((member) => member.email === own.person.email)!;
  const changed = await adminRequest.post("/api/trpc/members.updateRole", { data: { json: { memberId: olivia.id, role: "approver" } } });
  expect(changed.status()).toBe(200);

  await own.signIn(page);
  await page.goto("/settings");
  const switcher = page.getByLabel("Workspace", { exact: true });
  await switcher.selectOption({ label: "Herald e2e" });
  await expect(page).toHaveURL(/\/approvals$/);
  const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(nav).toHaveText(["Inbox", "Approvals", "Tasks"]);

  // Back in her own workspace, she is its owner again.
  await page.getByLabel("Workspace", { exact: true }).selectOption({ label: own.person.workspace });
  await expect(nav.filter({ hasText: "Settings" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings$/);
});
