// POST /email-accounts/{id}/deliverability-test: 202 with the test running; one running per mailbox
// (409, also for two starts at once: the partial unique index decides); 10 in 24 hours (429 with
// Retry-After until the oldest leaves the window); a run lost for 15 minutes never blocks the
// mailbox; not connected → 409 mailbox-not-ready; a real mailbox without seeds → 409 provider-not-configured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { now } from "@/server/lib/clock";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { startHeraldJobs, type HeraldJobs } from "@/server/test/herald-jobs";

let jobs: HeraldJobs;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  delete process.env.HERALD_SEED_INBOXES;
  resetEnv();
  // Started runs are queued at the embedded executor and never drained here: each test stays running.
  jobs = await startHeraldJobs();
});

afterAll(async () => {
  await jobs?.stop();
});

async function setup(email = "rep@acme.test", provider: "sandbox" | "smtp" = "sandbox") {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const server = { host: "mail.example.com", port: 465, security: "tls" as const, username: email };
  const mailbox = await saveConnectedMailbox(
    provider === "sandbox"
      ? { workspaceId: actor.workspaceId, email, provider, authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } }
      : {
          workspaceId: actor.workspaceId,
          email,
          provider,
          authType: "password",
          connectedVia: "api",
          settings: { smtp: server, imap: { ...server, port: 993 } },
          credentials: { kind: "password", smtpPassword: "s", imapPassword: "s" },
        },
  );
  const run = () => callApi("POST", `/email-accounts/${mailbox.id}/deliverability-test`, { key });
  return { actor, key, mailbox, run };
}

/** `sent`: whether the test got as far as handing its e-mail over (a done test always did). */
function pastTest(mailbox: { id: string; workspaceId: string }, startedAt: Date, status = "done", sent = status === "done") {
  return db.deliverabilityTest.create({
    data: {
      workspaceId: mailbox.workspaceId,
      mailboxId: mailbox.id,
      status,
      seedAddress: "seed-1@seeds.sandbox.herald.test",
      messageId: `<${startedAt.getTime()}-${Math.random()}@acme.test>`,
      landing: status === "done" ? "inbox" : null,
      sendingAt: sent ? startedAt : null,
      sentAt: sent && status === "done" ? startedAt : null,
      startedAt,
      createdAt: startedAt,
      finishedAt: status === "running" ? null : startedAt,
    },
  });
}

describe("POST /email-accounts/{id}/deliverability-test", () => {
  it("answers 202 with the mailbox, its test running; a second start while it runs is a 409 test-running", async () => {
    const { run } = await setup();
    const first = await run();
    expect(first.status).toBe(202);
    expect(first.body!.data.deliverabilityTest).toMatchObject({ status: "running", seed: "seed-1@seeds.sandbox.herald.test", landing: null, finishedAt: null });
    expect(first.body!.data.deliverabilityTest.statusLabel).toBe("Sending the test e-mail…");
    const second = await run();
    expect(second.status).toBe(409);
    expect(second.body!.error.code).toBe("test-running");
    expect(second.body!.error.message).toMatch(/already running/);
  });

  it("lets only one of two simultaneous starts through (the one-running index)", async () => {
    const { run, mailbox } = await setup();
    const answers = await Promise.all([run(), run(), run()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body!.error.code === "test-running")).toBe(true);
    expect(await db.deliverabilityTest.count({ where: { mailboxId: mailbox.id, status: "running" } })).toBe(1);
  });

  it("refuses the 11th test in 24 hours with 429 and Retry-After until the oldest leaves the window", async () => {
    const { run, mailbox } = await setup();
    const at = now().getTime();
    // Ten finished tests in the last 20 hours: the oldest leaves the window in 4 hours.
    for (let index = 0; index < 10; index++) await pastTest(mailbox, new Date(at - 20 * HOUR + index * HOUR));
    // One from 25 hours ago no longer counts.
    await pastTest(mailbox, new Date(at - 25 * HOUR));
    const refused = await run();
    expect(refused.status).toBe(429);
    expect(refused.body!.error.code).toBe("rate-limited");
    expect(refused.body!.error.message).toMatch(/10 deliverability tests in the last 24 hours/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(4 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
    // In plain words, not in minutes by the hundred.
    expect(refused.body!.error.message).toMatch(/the next one can start in 4 hours\.$/);
  });

  it("does not count tests that never sent anything because Herald failed first, but does count those the mail server refused", async () => {
    const { run, mailbox } = await setup();
    const at = now().getTime();
    // Nine sent, and five whose run was lost or gave up before sending (their intent never written).
    for (let index = 0; index < 9; index++) await pastTest(mailbox, new Date(at - 20 * HOUR + index * HOUR));
    for (let index = 0; index < 5; index++) await pastTest(mailbox, new Date(at - 10 * HOUR + index * HOUR), "failed", false);
    expect((await run()).status).toBe(202);
    await db.deliverabilityTest.updateMany({ where: { mailboxId: mailbox.id, status: "running" }, data: { status: "done", sendingAt: new Date(at), sentAt: new Date(at) } });

    // A test the mail server refused did try: it uses up a slot.
    const other = await setup("refused@acme.test");
    for (let index = 0; index < 9; index++) await pastTest(other.mailbox, new Date(at - 20 * HOUR + index * HOUR));
    await pastTest(other.mailbox, new Date(at - HOUR), "failed", true);
    expect((await other.run()).status).toBe(429);
  });

  it("leaves no test behind when the job runner cannot be reached, so the refusal uses up nothing", async () => {
    const { run, mailbox } = await setup();
    const send = inngest.send.bind(inngest);
    inngest.send = (() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:8288"))) as typeof inngest.send;
    try {
      const refused = await run();
      expect(refused.status).toBe(503);
      expect(refused.body!.error.message).toMatch(/job runner cannot be reached/);
    } finally {
      inngest.send = send;
    }
    expect(await db.deliverabilityTest.count({ where: { mailboxId: mailbox.id } })).toBe(0);
    expect((await run()).status).toBe(202);
  });

  it("finishes a test whose run was lost 15 minutes ago as failed, so the mailbox can be tested again", async () => {
    const { run, mailbox } = await setup();
    const lost = await pastTest(mailbox, new Date(now().getTime() - 16 * 60_000), "running");
    const answer = await run();
    expect(answer.status).toBe(202);
    expect(await db.deliverabilityTest.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({ status: "failed", failure: "read" });
  });

  it("answers 409 mailbox-not-ready for a mailbox that is not connected", async () => {
    const { run, mailbox } = await setup();
    await db.mailbox.update({ where: { id: mailbox.id }, data: { status: "error", error: "The mail server refused the sign-in." } });
    const answer = await run();
    expect(answer.status).toBe(409);
    expect(answer.body!.error.code).toBe("mailbox-not-ready");
    expect(answer.body!.error.message).toContain("rep@acme.test");
  });

  it("answers 409 provider-not-configured for a real mailbox when no seed inboxes are set up, in plain words", async () => {
    const { run } = await setup("rep@example.com", "smtp");
    const answer = await run();
    expect(answer.status).toBe(409);
    expect(answer.body!.error.code).toBe("provider-not-configured");
    expect(answer.body!.error.message).toBe(
      "No test inboxes are set up for real mailboxes: an administrator adds them in Herald's settings (see the documentation on deliverability tests).",
    );
    expect(answer.body!.error.message).not.toMatch(/HERALD_|INNGEST_/);
  });

  it("answers 404 for another workspace's mailbox", async () => {
    const { mailbox } = await setup();
    const other = await setup("other@acme.test");
    const answer = await callApi("POST", `/email-accounts/${mailbox.id}/deliverability-test`, { key: other.key });
    expect(answer.status).toBe(404);
  });
});
