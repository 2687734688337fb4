import type { APIRequestContext, Page, Response } from "@playwright/test";
import { expect, test, uniqueTag, type OwnWorkspace } from "./own-workspace";
import { settled, trackFetches } from "./settled";

// The Content-Security-Policy allows only scripts carrying the response's nonce (no 'unsafe-inline'),
// and must not break a single page: every page of app/**/page.tsx, signed in or public, renders with
// no violation reported (Next's inline scripts, React Flow's inline styles) and hydrates (React's
// client code ran). A script injected into a page's markup without the nonce does not run.

declare global {
  interface Window {
    __cspViolations: string[];
    __injected?: boolean;
  }
}

/** Records every CSP violation of the page, from before its first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await trackFetches(page);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return console;
}

function scriptSources(response: Response | null): string {
  const policy = response?.headers()["content-security-policy"] ?? "";
  return policy.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src ")) ?? "";
}

/** Whether React hydrated the page: its client code marks the DOM nodes it took over. */
async function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const node = document.querySelector("main") ?? document.body;
    return Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
  });
}

// Every page is checked even after one fails, so that a run names all of them.
const soft = expect.configure({ soft: true });

/** Visits a page and checks the policy, that React hydrated it and, once its data has loaded, the absence of violations. */
async function expectCleanPage(page: Page, path: string, console: string[]) {
  const response = await page.goto(path);
  const scripts = scriptSources(response);
  soft(scripts, `${path}: ${scripts}`).toMatch(/'nonce-[A-Za-z0-9+/]+=*'/);
  soft(scripts, path).not.toContain("'unsafe-inline'");
  soft(response?.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  await soft.poll(() => hydrated(page), { message: `${path} hydrates` }).toBe(true);
  await settled(page);
  soft(await page.evaluate(() => window.__cspViolations), path).toEqual([]);
  soft(console.splice(0), path).toEqual([]);
}

async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

/** The data the pages show: a sender, a campaign with a lead, a mailbox, and the links of the public pages. */
async function pagesData(own: OwnWorkspace, adminRequest: APIRequestContext) {
  const tag = uniqueTag();
  const created = async (path: string, data: unknown) => {
    const response = await own.api.post(path, data);
    expect([200, 201, 202], `POST ${path}: ${await response.text()}`).toContain(response.status());
    return response.json();
  };
  const sender = await created("/accounts", { username: `csp.${tag}@example.com`, password: "any password will do", label: "CSP sender" });
  const campaign = (
    await created("/campaigns", { name: "CSP check", linkedinAccountIds: [sender.data.id], sequence: { steps: [{ type: "visit_profile" }, { type: "invite" }] } })
  ).data;
  const leads = await created(`/campaigns/${campaign.id}/leads`, { leads: [{ profileUrl: `https://www.linkedin.com/in/csp-${tag}`, firstName: "Cleo" }] });
  const mailbox = (await created("/email-accounts", { provider: "sandbox", email: `csp.${tag}@example.com`, fromName: "Cleo" })).data;
  // A sandbox sign-in that asks for a CAPTCHA, solved on the sandbox's own page.
  const captcha = await created("/accounts", { username: `csp.captcha.${tag}+captcha@example.com`, password: "any password will do" });
  const captchaPath = /\/sandbox\/captcha\/[^"?#\s]+/.exec(JSON.stringify(captcha))?.[0];
  expect(captchaPath, JSON.stringify(captcha)).toBeDefined();
  const hostedLink = (await created("/accounts/hosted-link", {})).data;
  const { url: invitation } = await trpc<{ url: string }>(adminRequest, "members.invite", { email: `csp.invitee.${tag}@example.com` });
  const signedIn: [string[], string[]] = [
    [
      "/campaigns",
      "/campaigns/lists",
      `/campaigns/${campaign.id}`,
      `/campaigns/${campaign.id}/leads/${leads.data.leadIds[0]}`,
      "/approvals",
      "/inbox",
      "/mailboxes",
      `/mailboxes/${mailbox.id}`,
      `/mailboxes/${mailbox.id}/health`,
      "/orders",
      "/orders/new",
    ],
    [
      "/senders",
      `/senders/${sender.data.id}`,
      "/settings",
      "/settings/api",
      "/settings/jobs",
      "/settings/members",
      "/companies",
      "/api-reference",
      "/sandbox",
      "/workspaces/new",
      "/",
      `/campaigns/${campaign.id}/sequence`,
    ],
  ];
  return {
    signedIn,
    publicPages: [
      "/sign-in",
      "/setup",
      new URL(invitation).pathname,
      new URL(hostedLink.url).pathname,
      "/connect/mailbox/not-a-real-link",
      "/connect/mailbox/finished?status=connected",
      captchaPath!,
      "/no-such-page",
    ],
  };
}

// Every page of the app is checked, in three tests that the two workers share (one test took most
// of a minute): the signed-in pages in two halves, and the public pages.
test.describe.configure({ mode: "parallel" });

for (const half of [0, 1] as const) {
  test(`every signed-in page renders and hydrates under the nonce policy with no violation (part ${half + 1} of 2)`, async ({ page, own, adminRequest }) => {
    test.setTimeout(120_000);
    const console = await watchViolations(page);
    await own.signIn(page);
    const { signedIn } = await pagesData(own, adminRequest);
    for (const path of signedIn[half]) await expectCleanPage(page, path, console);
    if (half === 1) {
      // React Flow positions its nodes with inline styles: visible nodes mean the styles applied.
      await expect(page.locator(".react-flow__node").first()).toBeVisible();
      expect(await page.locator(".react-flow__node").count()).toBeGreaterThanOrEqual(2);
      // The API reference's operations open on a click (client code).
      await page.goto("/api-reference");
      const operation = page.getByRole("button", { name: /\/api\/v1\/campaigns\/\{id\}\/leads/ }).first();
      if (await operation.count()) await operation.click();
      expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    }
  });
}

test("every public page renders and hydrates under the nonce policy with no violation", async ({ browser, own, adminRequest }) => {
  test.setTimeout(120_000);
  const { publicPages } = await pagesData(own, adminRequest);
  // As someone without a session.
  const visitor = await browser.newPage();
  const visitorConsole = await watchViolations(visitor);
  for (const path of publicPages) await expectCleanPage(visitor, path, visitorConsole);
  // The sign-in form is React's: a wrong password is answered on the page, not by a full-page post.
  await visitor.goto("/sign-in");
  await expect.poll(() => hydrated(visitor)).toBe(true);
  await visitor.getByLabel("E-mail").fill(`nobody.${uniqueTag()}@example.com`);
  await visitor.getByLabel("Password").fill("not the password");
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor.getByRole("alert")).toBeVisible();
  expect(new URL(visitor.url()).pathname).toBe("/sign-in");
  expect(await visitor.evaluate(() => window.__cspViolations)).toEqual([]);
  await visitor.close();
});

test("a script injected into a page without the nonce does not run; the page's own scripts do", async ({ page, own }) => {
  await own.signIn(page);
  // Stored markup that slipped through as HTML: an inline script, a script with a guessed nonce, an
  // inline event handler, and a script file from Herald's own origin.
  await page.route("**/settings", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      `<script>window.__injected = true</script><script nonce="guessed">window.__injected = true</script>` +
        `<img src="/no-such-image" onerror="window.__injected = true"><script src="/api/v1/openapi.json"></script></body>`,
    );
    await route.fulfill({ response, body: html });
  });
  const violations = await watchViolations(page);
  await page.goto("/settings");
  await settled(page);
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  const reported = await page.evaluate(() => window.__cspViolations);
  expect(reported.filter((line) => line.startsWith("script-src")).length, reported.join("\n")).toBeGreaterThanOrEqual(3);
  expect(violations.length).toBeGreaterThan(0);
});

test("the API answers with the security headers too", async ({ request }) => {
  const api = await request.get("/api/v1/openapi.json");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
