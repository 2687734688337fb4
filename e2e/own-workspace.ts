// A teammate with a workspace of their own, for a spec file that needs its own data: the owner from
// foundation.spec.ts invites them, they join, create a workspace and an API key in it. Nothing they
// make shows up in the owner's workspace, which other files count in.
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export const owner = { email: "olivia@example.com", password: "a long enough password" };

export interface Teammate {
  name: string;
  email: string;
  password: string;
  workspace: string;
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
}

/** Invites, signs up and sets up the teammate; returns an API key of their workspace. */
export async function teammateWithWorkspace(browser: Browser, teammate: Teammate): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, owner);
  await page.goto("/settings/members");
  await page.getByLabel("E-mail").fill(teammate.email);
  await page.getByRole("button", { name: "Create invitation" }).click();
  const inviteUrl = (await page.getByTestId("invite-url").textContent())!.trim();
  await context.clearCookies();

  await page.goto(new URL(inviteUrl).pathname);
  await page.getByLabel("Your name").fill(teammate.name);
  await page.getByLabel("Password").fill(teammate.password);
  await page.getByRole("button", { name: "Join workspace" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.getByRole("link", { name: "+ New workspace" }).click();
  await page.getByLabel("Workspace name").fill(teammate.workspace);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);

  await page.goto("/settings/api");
  await page.getByLabel("Key name").fill(`${teammate.workspace} e2e`);
  await page.getByRole("button", { name: "Create API key" }).click();
  const apiKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(apiKey).toMatch(/^hk_/);
  await context.close();
  return apiKey;
}

export function restApi(request: APIRequestContext, apiKey: string) {
  const headers = { Authorization: `Bearer ${apiKey}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data }),
  };
}
