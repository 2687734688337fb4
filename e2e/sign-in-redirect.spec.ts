import type { Page } from "@playwright/test";
import { expect, test } from "./own-workspace";

// After signing in, a callbackUrl takes the browser only to a page of Herald's own (issue 30, point
// 4): addresses that a string check takes for a path but a browser takes for another host land on
// the home (the analytics) instead. And Auth.js sends the browser back to Herald's public address (point 7; the
// default listening address 0.0.0.0 itself is covered by server/auth/auth-base-address.test.ts, as
// this shared server listens on 127.0.0.1).

async function signInWithCallback(page: Page, callbackUrl: string, account: { email: string; password: string }) {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a callbackUrl to another site lands on Herald's own home", async ({ page, baseURL, own }) => {
  const ownOrigin = new URL(baseURL!).origin;
  // Any other host answers with a page of its own, so that landing there is seen rather than a DNS error.
  await page.route((url) => url.origin !== ownOrigin, (route) => route.fulfill({ contentType: "text/html", body: "<h1>Elsewhere</h1>" }));
  const hostile = [
    "//other-host.test/phish",
    "/\\other-host.test/phish",
    "\\\\other-host.test/phish",
    "/\t/other-host.test/phish",
    "https://other-host.test/phish",
    "javascript:document.title='pwned'",
  ];
  for (const callbackUrl of hostile) {
    await signInWithCallback(page, callbackUrl, own.person);
    await expect(page, callbackUrl).toHaveURL(`${ownOrigin}/analytics`);
    expect(await page.title(), callbackUrl).not.toBe("pwned");
  }
  // An encoded slash is a path on Herald (its 404 page), not another host.
  await signInWithCallback(page, "/%2F%2Fother-host.test", own.person);
  await expect(page).toHaveURL((url) => url.origin === ownOrigin);
  // A page of Herald's own is kept, with its query.
  await signInWithCallback(page, "/settings/api?from=mail", own.person);
  await expect(page).toHaveURL(`${ownOrigin}/settings/api?from=mail`);
});

test("Auth.js sends the browser back to Herald's address, not the listening one", async ({ page, request, baseURL, own }) => {
  const ownOrigin = new URL(baseURL!).origin;
  const providers = await (await request.get("/api/auth/providers")).json();
  expect(providers.credentials.signinUrl).toBe(`${ownOrigin}/api/auth/signin/credentials`);
  expect(providers.credentials.callbackUrl).toBe(`${ownOrigin}/api/auth/callback/credentials`);
  await own.signIn(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${ownOrigin}/sign-in`);
});
