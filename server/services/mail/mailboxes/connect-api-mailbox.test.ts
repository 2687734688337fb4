// Connecting an e-mail API mailbox through the same operation REST and the dashboard use: the key
// is checked with the provider (a loopback Postmark stand-in) before anything is stored, a refusal
// is a 400 naming the field, secrets never come back, and the webhook address stays across reconnects.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { HeraldError } from "@/server/lib/errors";
import { ZConnectMailboxInput } from "@/server/schemas/mailbox";
import { createTestWorkspace } from "@/server/test/factories";
import { startPostmarkFake, type PostmarkFake } from "@/server/test/fakes/postmark-fake";
import { connectMailbox } from "./connect-mailbox";
import { decryptMailCredentials } from "./mailbox-columns";

let postmark: PostmarkFake;
const PASSWORD = "chosen-webhook-password";

beforeAll(async () => {
  postmark = await startPostmarkFake();
  process.env.HERALD_POSTMARK_API_URL = postmark.url;
  resetEnv();
});
afterAll(() => postmark?.close());

const input = (fields: Record<string, unknown>) => ZConnectMailboxInput.parse({ provider: "postmark", email: "Rep@Sender.example", webhookSecret: PASSWORD, ...fields });

it("checks the key with Postmark, stores it encrypted, returns no secret and a webhook address", async () => {
  const { actor } = await createTestWorkspace();
  const mailbox = await connectMailbox(actor, input({ apiKey: postmark.token }), { via: "api" });
  expect(mailbox).toMatchObject({ provider: "postmark", authType: "api", email: "rep@sender.example", settings: null, status: "connected" });
  expect(mailbox.webhookUrl).toMatch(/\/api\/providers\/mail\/postmark\/[A-Za-z0-9_-]{32}$/);
  expect(JSON.stringify(mailbox)).not.toContain(postmark.token);
  expect(JSON.stringify(mailbox)).not.toContain(PASSWORD);
  expect(postmark.requests.some((request) => request.path === "/server")).toBe(true);
  const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
  expect(row.credentialsEncrypted).not.toContain(postmark.token);
  expect(decryptMailCredentials(row.credentialsEncrypted!)).toMatchObject({ kind: "api", provider: "postmark", apiKey: postmark.token, webhookSecret: PASSWORD });

  // Reconnecting (a new key) keeps the address pasted at Postmark.
  const again = await connectMailbox(actor, input({ apiKey: postmark.token, webhookSecret: "another-long-password" }), { via: "api" });
  expect(again.webhookUrl).toBe(mailbox.webhookUrl);
});

it("refuses a key Postmark refuses as a 400 naming the field, and stores nothing", async () => {
  const { actor, workspace } = await createTestWorkspace();
  const refused = await connectMailbox(actor, input({ apiKey: "not-a-token" }), { via: "api" }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(HeraldError);
  expect(refused).toMatchObject({ code: "mail-auth-failed", details: { field: "apiKey" } });
  expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
});

it("names the missing fields of each provider in plain words", () => {
  const issues = (value: Record<string, unknown>) => ZConnectMailboxInput.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
  expect(issues({ provider: "postmark", email: "rep@sender.example", apiKey: "k" })).toEqual([["webhookSecret", "is required for Postmark"]]);
  expect(issues({ provider: "ses", email: "rep@sender.example", apiKey: "AKIA" })).toEqual([
    ["secretAccessKey", "is required for Amazon SES"],
    ["region", "is required for Amazon SES"],
  ]);
  expect(issues({ provider: "ses", email: "rep@sender.example", apiKey: "AKIA", secretAccessKey: "s", region: "Mars" })).toEqual([
    ["region", "must be an AWS region such as eu-west-1 (Amazon SES), or us or eu (Mailgun)"],
  ]);
  expect(issues({ provider: "mailgun", email: "rep@sender.example" })).toEqual([
    ["apiKey", "is required for Mailgun"],
    ["domain", "is required for Mailgun"],
  ]);
});
