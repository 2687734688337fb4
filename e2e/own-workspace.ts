// For spec files that need data of their own: the first-run owner invites a teammate, who makes a
// workspace of her own (so nothing made here shows in the owner's workspace) and an API key there.
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

export async function teammateWithWorkspace(browser: Browser, person: Teammate) {
  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage, owner);
  await ownerPage.goto("/settings/members");
  await ownerPage.getByLabel("E-mail").fill(person.email);
  await ownerPage.getByRole("button", { name: "Create invitation" }).click();
  const inviteUrl = (await ownerPage.getByTestId("invite-url").textContent())!.trim();
  await ownerPage.context().close();

  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(inviteUrl).pathname);
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Join workspace" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.getByRole("link", { name: "+ New workspace" }).click();
  await page.getByLabel("Workspace name").fill(person.workspace);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);

  await page.goto("/settings/api");
  await page.getByLabel("Key name").fill(`${person.workspace} e2e`);
  await page.getByRole("button", { name: "Create API key" }).click();
  const apiKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(apiKey).toMatch(/^hk_/);
  return { page, apiKey };
}

/**
 * The page's content fits a phone's width: nothing inside <main> scrolls sideways (tables and code
 * scroll inside their own boxes). The shell's sidebar is set aside for the measure, as a phone
 * layout folds it away, so <main> gets the whole width and the check is about this page alone.
 */
export async function expectContentFits(page: Page) {
  await page.addStyleTag({ content: "body aside { display: none !important; }" });
  const { scrollWidth, clientWidth } = await page.locator("main").evaluate((main) => ({ scrollWidth: main.scrollWidth, clientWidth: main.clientWidth }));
  expect(clientWidth).toBeGreaterThan(300);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The teammate's REST API, for setting up data the way a developer would. */
export function restApi(request: APIRequestContext, apiKey: string) {
  const headers = { Authorization: `Bearer ${apiKey}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data }),
  };
}
