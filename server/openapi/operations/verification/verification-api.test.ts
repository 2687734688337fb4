// The verification API with an API key, against the test DNS server (BIND on loopback) and the real
// database: one address at once (a fresh result answered from the store), the stored result or a
// plain 404, a background job with its progress and paged results, and 400s naming the field.
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { checkVerificationJobChunk } from "@/server/services/verification/check-verification-job-chunk";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey } from "@/server/test/factories";
import { useSentEvents } from "@/server/test/sent-events";
import { createRealDnsWorkspace, useTestDnsServer, VERIFICATION_TEST_ZONES } from "@/server/test/use-test-dns-server";

useTestDnsServer({ ...VERIFICATION_TEST_ZONES, "gmail.com": [{ name: "@", type: "MX", value: "mx.gmail.com" }, { name: "mx", type: "A", value: "192.0.2.40" }] });

const sent = useSentEvents("verification-api-test");

async function apiKey() {
  const context = await createRealDnsWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

describe("the verification API", () => {
  it("verifies one address at once, stores it, and answers a fresh result from the store", async () => {
    const { key, actor } = await apiKey();
    const first = await callApi("POST", "/verification", { key, body: { email: " Ada@MX-Corp.test " } });
    expect(first.status).toBe(200);
    expect(first.body!.data).toEqual({
      email: "ada@mx-corp.test",
      status: "valid",
      check: "deliverable-domain",
      reason: "the address is well formed and mx-corp.test has mail servers (MX)",
      checkedAt: expect.any(String),
    });
    // A result stored since (a bounce recorded as a check) is fresh: it is answered, not checked again.
    await db.addressVerification.update({
      where: { workspaceId_address: { workspaceId: actor.workspaceId, address: "ada@mx-corp.test" } },
      data: { status: "invalid", check: "known-dead", reason: "an earlier e-mail to this address bounced for good" },
    });
    expect((await callApi("POST", "/verification", { key, body: { email: "ada@mx-corp.test" } })).body!.data).toMatchObject({ status: "invalid", checkedAt: first.body!.data.checkedAt });

    expect((await callApi("POST", "/verification", { key, body: { email: "ada@gmail.com" } })).body!.data).toMatchObject({ status: "risky", check: "free-webmail" });
    expect((await callApi("POST", "/verification", { key, body: { email: "ada@gmail.com", targetsCompanies: false } })).body!.data).toMatchObject({ status: "valid" });
    expect((await callApi("GET", "/verification", { key, query: { email: "ADA@gmail.com", targetsCompanies: "false" } })).body!.data).toMatchObject({ email: "ada@gmail.com", status: "valid" });
    expect((await callApi("GET", "/verification", { key, query: { email: "alan@no-mail.test" } })).body).toEqual({
      error: { code: "not-found", message: "alan@no-mail.test has not been checked in this workspace yet; check it with POST /verification." },
    });
  });

  it("runs a job in the background: 202 at once, progress by id, results a page at a time", async () => {
    const { key } = await apiKey();
    const emails = ["ada@mx-corp.test", "ADA@mx-corp.test", "grace@a-only.test", "alan@no-mail.test", "barbara@null-mx.test", "info@mx-corp.test"];
    const started = await callApi("POST", "/verification/jobs", { key, body: { emails } });
    expect(started.status).toBe(202);
    expect(started.body!.data).toMatchObject({ status: "queued", source: "api", total: 5, checked: 0, counts: { valid: 0, risky: 0, invalid: 0, unknown: 0 }, error: null });
    const id = started.body!.data.id;
    expect(sent).toHaveLength(1);

    expect(await checkVerificationJobChunk(id, { chunkSize: 3 })).toEqual({ done: false, checked: 3, total: 5 });
    expect((await callApi("GET", `/verification/jobs/${id}`, { key })).body!.data).toMatchObject({ status: "running", checked: 3 });
    expect(await checkVerificationJobChunk(id, { chunkSize: 3 })).toEqual({ done: true, checked: 5, total: 5 });
    expect((await callApi("GET", `/verification/jobs/${id}`, { key })).body!.data).toMatchObject({
      status: "done",
      checked: 5,
      counts: { valid: 2, risky: 1, invalid: 2, unknown: 0 },
      finishedAt: expect.any(String),
    });

    const invalid = await callApi("GET", `/verification/jobs/${id}/results`, { key, query: { status: "invalid" } });
    expect(invalid.body!.data.map((row: { email: string }) => row.email)).toEqual(["alan@no-mail.test", "barbara@null-mx.test"]);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await callApi("GET", `/verification/jobs/${id}/results`, { key, query: { limit: 2, ...(cursor ? { cursor } : {}) } });
      expect(page.status).toBe(200);
      pages.push(page.body!.data.map((row: { email: string }) => row.email).join(","));
      cursor = page.body!.paging.nextCursor;
    } while (cursor);
    expect(pages).toEqual(["ada@mx-corp.test,alan@no-mail.test", "barbara@null-mx.test,grace@a-only.test", "info@mx-corp.test"]);
  });

  it("runs the job in this process when Herald has no job runner", async () => {
    const { key } = await apiKey();
    delete process.env.INNGEST_EVENT_KEY;
    try {
      const started = await callApi("POST", "/verification/jobs", { key, body: { emails: ["ada@mx-corp.test", "alan@no-mail.test"] } });
      expect(started.status).toBe(202);
      expect(sent).toEqual([]);
      await vi.waitFor(async () => {
        expect((await callApi("GET", `/verification/jobs/${started.body!.data.id}`, { key })).body!.data).toMatchObject({ status: "done", checked: 2, counts: { valid: 1, invalid: 1 } });
      });
    } finally {
      process.env.INNGEST_EVENT_KEY = "verification-api-test";
    }
  });

  it("keeps the workspace's verification age, 1 to 365 days, and trusts results only that long", async () => {
    const { key, actor } = await apiKey();
    expect((await callApi("GET", "/workspace", { key })).body!.data.settings.verificationMaxAgeDays).toBe(30);
    for (const value of [0, 366, 2.5, "30"]) {
      const refused = await callApi("PATCH", "/workspace", { key, body: { verificationMaxAgeDays: value } });
      expect(refused.status).toBe(400);
      expect(refused.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toEqual(["verificationMaxAgeDays"]);
    }
    expect((await callApi("PATCH", "/workspace", { key, body: { verificationMaxAgeDays: 7 } })).body!.data.settings.verificationMaxAgeDays).toBe(7);
    // A result 10 days old is now stale: POST /verification checks the address again.
    await db.addressVerification.create({
      data: { workspaceId: actor.workspaceId, address: "ada@mx-corp.test", status: "invalid", check: "no-mail-domain", reason: "old", checkedAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000) },
    });
    expect((await callApi("POST", "/verification", { key, body: { email: "ada@mx-corp.test" } })).body!.data).toMatchObject({ status: "valid" });
  });

  it("refuses bad input with a 400 naming the field, and another workspace's job with a 404", async () => {
    const { key } = await apiKey();
    const field = async (method: string, path: string, options: Parameters<typeof callApi>[2]) => {
      const answer = await callApi(method, path, { key, ...options });
      expect(answer.status).toBe(400);
      return answer.body!.error.details.fields.map((issue: { field: string; message: string }) => `${issue.field} ${issue.message}`);
    };
    expect(await field("POST", "/verification/jobs", { body: { emails: [] } })).toEqual(["emails must list at least one address"]);
    expect(await field("POST", "/verification/jobs", { body: { emails: Array.from({ length: 100_001 }, (_, index) => `p${index}@a.co`) } })).toEqual([
      "emails lists more than 100,000 addresses; split them into several jobs",
    ]);
    expect(await field("POST", "/verification/jobs", { body: { emails: ["ada@mx-corp.test", 7] } })).toEqual(["emails.1 must be an e-mail address, as text"]);
    expect(await field("POST", "/verification/jobs", { body: { emails: "ada@mx-corp.test" } })).toEqual(["emails must be a list of e-mail addresses"]);
    expect(await field("POST", "/verification", { body: { email: 12 } })).toEqual(["email must be an e-mail address, as text"]);
    expect(await field("POST", "/verification", { body: { email: "ada@mx-corp.test", targetsCompanies: "yes" } })).toEqual(["targetsCompanies must be true or false"]);
    expect(await field("GET", "/verification", { query: {} })).toEqual(["email must be an e-mail address, as text"]);

    const started = await callApi("POST", "/verification/jobs", { key, body: { emails: ["ada@mx-corp.test"] } });
    expect(await field("GET", `/verification/jobs/${started.body!.data.id}/results`, { query: { cursor: "not-a-cursor!" } })).toEqual(["cursor is not a cursor this list gave"]);
    const other = await apiKey();
    expect((await callApi("GET", `/verification/jobs/${started.body!.data.id}`, { key: other.key })).status).toBe(404);
    expect((await callApi("GET", `/verification/jobs/${started.body!.data.id}/results`, { key: other.key })).status).toBe(404);
  });
});
