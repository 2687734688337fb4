// Every browser test makes the data it needs, so that any spec file, or any one test, runs alone
// (`npx playwright test e2e/x.spec.ts`, `-g "…"`) and the files run in any order:
//
//   import { expect, test } from "./own-workspace";
//   test("…", async ({ page, own }) => { await own.signIn(page); … own.api.post("/campaigns", …) });
//
// `own` is a person of the test's own with a workspace of their own and an API key there, made fresh
// for each test that asks for it. People join Herald by invitation, so someone must invite them:
// the instance's first account (`adminRequest`, signed in once per worker), made by the first run
// when the server's database is still empty (whichever test comes first) and signed into after.
//
// The first run itself can happen only once per database, so the test of the first-run flow
// (foundation.spec.ts) starts a Herald of its own on a fresh database (`freshHerald`).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { startHerald, type StartedHerald } from "./herald-server.mjs";
import { testClock, type TestClock } from "./test-control";

export { expect };

export interface Person {
  name: string;
  email: string;
  password: string;
  workspace: string;
}

export interface OwnWorkspace {
  person: Person;
  /** A key of the person's workspace, made through the dashboard's own API. */
  apiKey: string;
  /** The REST API as the person (their key), for setting up data the way a developer would. */
  api: RestApi;
  /**
   * Signs the page in as the person (the session the fixture signed in with, put into the page's
   * browser context); they land on their workspace's campaigns. The sign-in form itself is tested
   * by sign-in-security.spec.ts and foundation.spec.ts.
   */
  signIn(page: Page): Promise<void>;
}

export interface WebhookReceiver {
  url: string;
  received: Array<{ event: string; headers: IncomingHttpHeaders; body: string }>;
}

export interface FreshHerald {
  baseURL: string;
}

const admin: Person = { name: "Ada Admin", email: "e2e-admin@example.com", password: "the instance admin's long password", workspace: "Herald e2e" };

/**
 * Seven random lowercase letters and digits, so that names made by two tests never collide, and
 * e-mail addresses keep a realistic length (the pages' layouts are checked with them).
 */
export function uniqueTag(): string {
  return randomBytes(4).readUInt32BE(0).toString(36).padStart(7, "0");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/analytics$/);
}

/**
 * Signs a request context in through the sign-in form's own call (Auth.js's credentials callback),
 * for the fixture's setup: every test makes a person, and rendering the sign-in page and the
 * campaigns for each cost more than the rest of the setup. `own.signIn` hands this session to a page.
 */
async function signInWithoutPage(request: APIRequestContext, account: { email: string; password: string }) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { email: account.email, password: account.password, csrfToken, callbackUrl: "/campaigns" },
    headers: { "X-Auth-Return-Redirect": "1" },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).url, "signed in").not.toContain("error=");
}

/** Calls a tRPC procedure the way the dashboard does, in a context that carries a session. */
async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

/** The instance's first account: the first run when nobody has made it yet, then a session. */
async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/");
  if (new URL(page.url()).pathname === "/setup") {
    await page.getByLabel("Your name").fill(admin.name);
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByLabel("Workspace name").fill(admin.workspace);
    await page.getByRole("button", { name: "Create account and workspace" }).click();
    // The first run hashes the password, signs in (which hashes it again) and renders the
    // home: on a busy machine more than an assertion's usual 10 s, and a worker's tests all wait on it.
    await expect(page).toHaveURL(/\/analytics$/, { timeout: 30_000 });
  } else {
    await signIn(page, admin);
  }
  await page.close();
  return context;
}

/** Someone the admin invites, who joins and makes a workspace of their own with an API key there. */
async function newOwnWorkspace(
  browser: Browser,
  adminRequest: APIRequestContext,
  baseURL: string,
  label: string,
): Promise<{ person: Person; apiKey: string; session: Cookie[] }> {
  const tag = uniqueTag();
  const person: Person = {
    name: `${label} Tester`,
    email: `${label.toLowerCase()}.${tag}@example.com`,
    password: `${label.toLowerCase()}'s long password`,
    workspace: `${label}'s workspace ${tag}`,
  };
  const { url } = await trpc<{ url: string }>(adminRequest, "members.invite", { email: person.email });
  const token = new URL(url).pathname.split("/").pop()!;

  const context = await browser.newContext({ baseURL });
  try {
    await trpc(context.request, "setup.acceptInvitation", { token, name: person.name, password: person.password });
    await signInWithoutPage(context.request, person);
    await trpc(context.request, "workspace.create", { name: person.workspace });
    const { key: apiKey } = await trpc<{ key: string }>(context.request, "apiKeys.create", { name: `${label} e2e` });
    expect(apiKey).toMatch(/^hk_/);
    return { person, apiKey, session: (await context.storageState()).cookies };
  } finally {
    await context.close();
  }
}

export const test = base.extend<
  { own: OwnWorkspace; ownLabel: string; webhookReceiver: WebhookReceiver; freshHerald: FreshHerald; clock: TestClock },
  { herald: StartedHerald; adminRequest: APIRequestContext }
>({
  // Each worker's own production Herald, on a copy of the run's migrated template database, with the
  // test control on: the worker's tests move its clock without touching the other worker's.
  herald: [
    async ({}, provide, workerInfo) => {
      const herald = await startHerald({ port: await freePort(), database: `herald_e2e_w${workerInfo.parallelIndex}_${uniqueTag()}`, quiet: true });
      await provide(herald);
      await herald.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ herald }, provide) => {
    await provide(herald.url);
  },
  clock: async ({ herald }, provide) => {
    await provide(testClock(herald.url));
  },
  // Signed in once per worker; only invitations go through it.
  adminRequest: [
    async ({ browser, herald }, provide) => {
      const context = await adminContext(browser, herald.url);
      await provide(context.request);
      await context.close();
    },
    { scope: "worker" },
  ],
  ownLabel: ["Olivia", { option: true }],
  own: async ({ browser, adminRequest, ownLabel, baseURL, playwright }, provide) => {
    const { person, apiKey, session } = await newOwnWorkspace(browser, adminRequest, baseURL!, ownLabel);
    // A request context of the fixture's own for the REST helper: no session, only the key.
    const request = await playwright.request.newContext({ baseURL });
    // Rendering the sign-in page and hashing the password again for each of some 70 tests cost
    // about a second each: the page gets the session the fixture already has.
    const signInWithSession = async (page: Page) => {
      await page.context().addCookies(session);
      await page.goto("/campaigns");
      await expect(page).toHaveURL(/\/campaigns$/);
    };
    await provide({ person, apiKey, api: restApi(request, apiKey), signIn: signInWithSession });
    await request.dispose();
  },
  webhookReceiver: async ({}, provide) => {
    const received: WebhookReceiver["received"] = [];
    const server: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ event: String(request.headers["x-herald-event"]), headers: request.headers, body });
        response.writeHead(200).end("thanks");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    await provide({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/herald`, received });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
  // A Herald of the test's own on an empty database, for the first run (see e2e/herald-server.mjs).
  // On a port the system just gave out rather than PORT=0: Herald builds its links (sign-out's
  // redirect, invitations) from the port it was configured with.
  // Its start has a time limit of its own, as the worker's Herald has: on a busy machine it can take
  // most of a test's minute, which the test itself then lacked.
  freshHerald: [
    async ({}, provide) => {
      const herald = await startHerald({ port: await freePort(), database: `herald_e2e_fresh_${uniqueTag()}`, quiet: true });
      await provide({ baseURL: herald.url });
      await herald.stop();
    },
    { timeout: 120_000 },
  ],
});

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

export type RestApi = ReturnType<typeof restApi>;

/** A REST API client with a key, for setting up data the way a developer would. */
export function restApi(request: APIRequestContext, apiKey: string) {
  const headers = { Authorization: `Bearer ${apiKey}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data }),
    delete: (path: string) => request.delete(`/api/v1${path}`, { headers }),
  };
}
