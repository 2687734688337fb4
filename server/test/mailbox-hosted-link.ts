// A mailbox hosted link's journey for the hosted-link tests (server/openapi/operations/mail/connect):
// a fake OAuth server for Google and Microsoft, a mailbox check that accepts only the tokens it
// issued, and the steps a person takes: the page, its button, the provider's page and the callback.
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import MailboxConnectPage from "@/app/connect/mailbox/[token]/page";
import * as startRoute from "@/app/connect/mailbox/[token]/start/route";
import * as callbackRoute from "@/app/api/oauth/mailbox/callback/route";
import { resetEnv } from "../env";
import { setMailProvider } from "../providers/mail";
import { MailProviderError, type MailProvider, type MailboxHandle } from "../providers/mail/types";
import { callApi } from "./call-api";
import { startFakeOauthServer, type FakeOauthServer } from "./fakes/fake-oauth-server";
import { createTestApiKey, createTestWorkspace } from "./factories";

export const HERALD = "http://herald.test";

/**
 * Starts the fake OAuth server for the test file and, around each test, points Herald at it with
 * mailbox checks that record each mailbox checked (and fail while `failVerification` says so).
 */
export function hostedLinkFlow() {
  let fake: FakeOauthServer | undefined;
  const verified: MailboxHandle[] = [];
  let verifyFailure: MailProviderError | null = null;

  /** The mailbox check the callback runs, without real SMTP and IMAP servers: the token must be one the provider issued. */
  function checkingProvider(name: "google" | "microsoft"): MailProvider {
    const unused = () => Promise.reject(new Error("not used here"));
    return {
      name,
      verify: async (handle) => {
        verified.push(structuredClone({ ...handle, onCredentialsChanged: undefined }));
        if (verifyFailure) throw verifyFailure;
        const credentials = handle.credentials;
        if (credentials.kind !== "oauth" || !credentials.accessToken || !fake?.isValidAccessToken(handle.email, credentials.accessToken)) {
          throw new MailProviderError("auth-failed", "XOAUTH2 refused");
        }
      },
      send: unused,
      findSent: unused,
      fetchIncoming: unused,
    };
  }

  beforeAll(async () => {
    fake = await startFakeOauthServer();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const saved = { ...process.env };
  beforeEach(() => {
    const server = flow.fake;
    Object.assign(process.env, server.env, { HERALD_URL: HERALD });
    resetEnv();
    setMailProvider("google", checkingProvider("google"));
    setMailProvider("microsoft", checkingProvider("microsoft"));
    server.setDecision("approve");
    server.omitEmailClaim(false);
    verified.length = 0;
    verifyFailure = null;
  });
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    resetEnv();
    setMailProvider("google", undefined);
    setMailProvider("microsoft", undefined);
  });

  const flow = {
    /** The fake OAuth server (started before the file's first test). */
    get fake(): FakeOauthServer {
      if (!fake) throw new Error("The fake OAuth server starts in beforeAll: use it inside a test");
      return fake;
    },
    /** The mailboxes checked in this test, in order. */
    verified,
    /** Makes the mailbox check fail with `error` for the rest of the test. */
    failVerification(error: MailProviderError): void {
      verifyFailure = error;
    },
  };
  return flow;
}

export async function keyFor() {
  const context = await createTestWorkspace({ name: "Acme Outreach" });
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

export async function createLink(key: string, body: Record<string, unknown>) {
  return callApi("POST", "/email-accounts/hosted-link", { key, body });
}

export async function readLink(key: string, id: string) {
  return callApi("GET", `/email-accounts/hosted-link/${id}`, { key });
}

export function tokenOf(url: string): string {
  return new URL(url).pathname.split("/").pop()!;
}

export async function renderPage(token: string): Promise<string> {
  return renderToStaticMarkup(await MailboxConnectPage({ params: Promise.resolve({ token }) }));
}

/** Presses the page's button: the start route answers with the provider's sign-in address. */
export async function start(token: string): Promise<URL> {
  const response = await startRoute.GET(new Request(`${HERALD}/connect/mailbox/${token}/start`), { params: Promise.resolve({ token }) });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The provider's page (the fake approves or denies at once) and the callback it sends the person to. */
export async function signIn(authorizeUrl: URL): Promise<Response> {
  const answer = await fetch(authorizeUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = answer.headers.get("location")!;
  expect(back.startsWith(`${HERALD}/api/oauth/mailbox/callback?`)).toBe(true);
  return callbackRoute.GET(new Request(back));
}
