import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test, uniqueTag } from "./own-workspace";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("signing out ends the session, also for a copy of its cookie", async ({ page, baseURL, own }) => {
  await signIn(page, own.person.email, own.person.password);
  await expect(page).toHaveURL(/\/analytics$/);
  const copied = (await page.context().cookies()).filter((cookie) => cookie.name.includes("session-token"));
  expect(copied).toHaveLength(1);
  const cookieHeader = copied.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: cookieHeader } });
  expect((await elsewhere.get("/api/trpc/workspace.current")).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The copied cookie is refused by tRPC and by pages.
  const refused = await elsewhere.get("/api/trpc/workspace.current");
  expect(refused.status()).toBe(401);
  await elsewhere.dispose();
  const thief = await page.context().browser()!.newContext({ baseURL });
  await thief.addCookies(copied);
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/campaigns");
  await expect(thiefPage).toHaveURL(/\/sign-in/);
  await thief.close();
});

test("too many wrong passwords for one account: 429 with Retry-After, and the form says when to try again", async ({ page, request, own }) => {
  const email = `locked-out.${uniqueTag()}@example.com`;
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const attempt = () =>
    request.post("/api/auth/callback/credentials", {
      form: { email, password: "not the password", csrfToken, callbackUrl: "/campaigns" },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
  for (let i = 0; i < 10; i++) {
    const refused = await attempt();
    expect(refused.status()).toBe(200);
    expect((await refused.json()).url).toContain("error=CredentialsSignin");
  }
  const throttled = await attempt();
  expect(throttled.status()).toBe(429);
  expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(800);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email, "not the password either");
  await expect(page.getByRole("alert").filter({ hasText: "Too many" })).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");
  await expect(page).toHaveURL(/\/sign-in/);

  // Other accounts from the same address still sign in.
  await signIn(page, own.person.email, own.person.password);
  await expect(page).toHaveURL(/\/analytics$/);
});
