// Issue 30: AI credits are an installation-level matter. On a fresh installation the first account is
// its instance administrator: Settings shows them "Instance administrators" and "Grant credits" (to any
// workspace, with a reason the ledger keeps beside their name); a member sees neither. On a Herald of
// the test's own (freshHerald), since the first run happens once per database.
import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, test } from "./own-workspace";

const ida = { name: "Ida Instance", email: "ida@example.com", password: "ida's long first-run password", workspace: "Ida's workspace" };
const max = { name: "Max Member", email: "max@example.com", password: "max's long password" };

async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

test("the first account grants credits with a reason, names and removes an instance administrator, and a member sees none of it", async ({ browser, freshHerald }) => {
  const context = await browser.newContext({ baseURL: freshHerald.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(ida.name);
  await page.getByLabel("E-mail").fill(ida.email);
  await page.getByLabel("Password").fill(ida.password);
  await page.getByLabel("Workspace name").fill(ida.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  // The first run hashes the password, signs in (which hashes it again) and renders the home:
  // on a busy machine more than an assertion's usual 10 s (as in e2e/own-workspace.ts).
  await expect(page).toHaveURL(/\/analytics$/, { timeout: 30_000 });

  // Max joins Ida's workspace as a member.
  const { url } = await trpc<{ url: string }>(page.request, "members.invite", { email: max.email });
  const maxContext = await browser.newContext({ baseURL: freshHerald.baseURL });
  await trpc(maxContext.request, "setup.acceptInvitation", { token: new URL(url).pathname.split("/").pop(), name: max.name, password: max.password });

  await page.goto("/settings");
  const admins = page.getByRole("list", { name: "Instance administrators" });
  await expect(admins.getByRole("listitem")).toHaveCount(1);
  await expect(admins).toContainText(ida.name);
  // The last instance administrator cannot be removed.
  await expect(admins.getByRole("button", { name: "Remove" })).toBeDisabled();

  await page.getByLabel("Credits to grant").fill("300");
  await page.getByLabel("Reason").fill("Pilot for the sales team");
  await page.getByRole("button", { name: "Grant credits" }).click();
  await expect(page.getByText(`Granted 300 credits to ${ida.workspace}.`)).toBeVisible();
  await expect(page.getByTestId("credit-granted-by").first()).toHaveText(`${ida.name} (${ida.email})`);
  await expect(page.getByText("Pilot for the sales team")).toBeVisible();

  // Max sees neither the section nor the grant, and is told whom to ask; the server refuses him too.
  const maxPage = await maxContext.newPage();
  await signIn(maxPage, max);
  await maxPage.goto("/settings");
  await expect(maxPage.getByRole("heading", { name: "AI credits" })).toBeVisible();
  await expect(maxPage.getByTestId("who-adds-credits")).toContainText(ida.name);
  await expect(maxPage.getByRole("button", { name: "Grant credits" })).toHaveCount(0);
  await expect(maxPage.getByRole("heading", { name: "Instance administrators" })).toHaveCount(0);
  const refused = await maxPage.request.post("/api/trpc/credits.grant", { data: { json: { amount: 1_000_000, reason: "free searches" } } });
  expect(refused.status()).toBe(403);

  // Ida names Max; then either could be removed, and she removes him again.
  await page.getByLabel("E-mail of someone with an account here").fill(max.email);
  await page.getByRole("button", { name: "Make instance administrator" }).click();
  await expect(admins.getByRole("listitem")).toHaveCount(2);
  await expect(admins.getByRole("listitem").filter({ hasText: max.name }).getByRole("button", { name: "Remove" })).toBeEnabled();
  await admins.getByRole("listitem").filter({ hasText: max.name }).getByRole("button", { name: "Remove" }).click();
  await expect(admins.getByRole("listitem")).toHaveCount(1);
  await maxContext.close();
  await context.close();
});
