// A verification job run by verify-address-job with Inngest's own test engine, on the real database and the test DNS server
// (BIND on loopback): a job is checked chunk by chunk with its progress stored after each, fresh
// results are not asked again, and a chunk that keeps failing marks the job failed in plain words.
import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createVerificationJob } from "@/server/services/verification/create-verification-job";
import { CHUNK_SIZE } from "@/server/services/verification/check-verification-job-chunk";
import { useSentEvents } from "@/server/test/sent-events";
import { createRealDnsWorkspace, useTestDnsServer, VERIFICATION_TEST_ZONES } from "@/server/test/use-test-dns-server";
import { FAILED_JOB_MESSAGE } from "@/server/services/verification/run-verification-job-here";
import { verifyAddressJob } from "@/inngest/functions/verify-address-job";

useTestDnsServer({ ...VERIFICATION_TEST_ZONES, "gmail.com": [{ name: "@", type: "MX", value: "mx.gmail.com" }, { name: "mx", type: "A", value: "192.0.2.40" }] });

const sent = useSentEvents("verify-address-job-test");

const engine = (jobId: string, workspaceId: string) =>
  new InngestTestEngine({ function: verifyAddressJob, events: [{ name: "herald/verification-job.requested", data: { jobId, workspaceId } }] });

const DAY_MS = 24 * 60 * 60 * 1000;

describe("verify-address-job", () => {
  it("checks the addresses chunk by chunk, storing each result and the progress after every chunk", async () => {
    const { workspace } = await createRealDnsWorkspace();
    const emails = [
      ...Array.from({ length: CHUNK_SIZE }, (_, index) => `person${index}@mx-corp.test`),
      "Alan@No-Mail.test",
      "alan@no-mail.test",
      "info@mx-corp.test",
      "barbara@null-mx.test",
      "ada@gmail.com",
    ];
    const job = (await createVerificationJob({ workspaceId: workspace.id, emails, targetsCompanies: false, source: "api" }))!;
    expect(job).toMatchObject({ status: "queued", total: CHUNK_SIZE + 4, checked: 0 });
    expect(sent).toEqual([expect.objectContaining({ name: "herald/verification-job.requested", data: { jobId: job.id, workspaceId: workspace.id } })]);

    // Progress after the first chunk, seen on a second job of the same addresses (stopped there).
    const watched = (await createVerificationJob({ workspaceId: workspace.id, emails: emails.slice(0, CHUNK_SIZE + 1), targetsCompanies: false, source: "api" }))!;
    await db.addressVerification.deleteMany({ where: { workspaceId: workspace.id } });
    await engine(watched.id, workspace.id).executeStep("chunk-1");
    expect(await db.verificationJob.findUniqueOrThrow({ where: { id: watched.id } })).toMatchObject({ status: "running", checked: CHUNK_SIZE, counts: { valid: CHUNK_SIZE, risky: 0, invalid: 0, unknown: 0 } });
    await db.addressVerification.deleteMany({ where: { workspaceId: workspace.id } });

    const { result, ctx } = await engine(job.id, workspace.id).execute();
    expect(result).toEqual({ jobId: job.id, status: "done", chunks: 2, checked: CHUNK_SIZE + 4 });
    expect(new Set(ctx.step.run.mock.calls.map(([id]) => id))).toEqual(new Set(["chunk-1", "chunk-2"]));
    const done = await db.verificationJob.findUniqueOrThrow({ where: { id: job.id } });
    // gmail.com counts as valid for a job that does not target companies, but is stored as free webmail.
    expect(done).toMatchObject({ status: "done", checked: CHUNK_SIZE + 4, counts: { valid: CHUNK_SIZE + 1, risky: 1, invalid: 2, unknown: 0 }, error: null });
    expect(done.finishedAt).not.toBeNull();
    const stored = await db.addressVerification.findMany({ where: { workspaceId: workspace.id, address: { in: ["alan@no-mail.test", "info@mx-corp.test", "barbara@null-mx.test", "ada@gmail.com"] } }, orderBy: { address: "asc" } });
    expect(stored.map(({ address, status, check }) => ({ address, status, check }))).toEqual([
      { address: "ada@gmail.com", status: "risky", check: "free-webmail" },
      { address: "alan@no-mail.test", status: "invalid", check: "no-mail-domain" },
      { address: "barbara@null-mx.test", status: "invalid", check: "domain-refuses-mail" },
      { address: "info@mx-corp.test", status: "risky", check: "role" },
    ]);
    expect(await db.addressVerification.count({ where: { workspaceId: workspace.id } })).toBe(CHUNK_SIZE + 4);
  });

  it("counts addresses with a fresh result as checked at once and checks only the others", async () => {
    const { workspace } = await createRealDnsWorkspace();
    await db.workspace.update({ where: { id: workspace.id }, data: { verificationMaxAgeDays: 30 } });
    const recent = new Date(Date.now() - DAY_MS);
    const old = new Date(Date.now() - 40 * DAY_MS);
    await db.addressVerification.createMany({
      data: [
        { workspaceId: workspace.id, address: "ada@mx-corp.test", status: "invalid", check: "known-dead", reason: "it bounced", checkedAt: recent },
        { workspaceId: workspace.id, address: "grace@mx-corp.test", status: "invalid", check: "no-mail-domain", reason: "old answer", checkedAt: old },
      ],
    });
    const job = (await createVerificationJob({ workspaceId: workspace.id, emails: ["ADA@mx-corp.test", "grace@mx-corp.test"], targetsCompanies: true, source: "dashboard" }))!;
    expect(job).toMatchObject({ status: "queued", total: 2, checked: 1, counts: { valid: 0, risky: 0, invalid: 1, unknown: 0 } });

    await engine(job.id, workspace.id).execute();
    const rows = await db.addressVerification.findMany({ where: { workspaceId: workspace.id }, orderBy: { address: "asc" } });
    expect(rows.map(({ address, status, checkedAt }) => ({ address, status, kept: checkedAt.getTime() === recent.getTime() }))).toEqual([
      { address: "ada@mx-corp.test", status: "invalid", kept: true },
      { address: "grace@mx-corp.test", status: "valid", kept: false },
    ]);
    expect(await db.verificationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "done", checked: 2, counts: { valid: 1, invalid: 1 } });
  });

  it("is done at once, without a run, when every address has a fresh result; leads added with nothing to check start no job", async () => {
    const { workspace } = await createRealDnsWorkspace();
    await db.addressVerification.create({ data: { workspaceId: workspace.id, address: "ada@mx-corp.test", status: "valid", check: "deliverable-domain", reason: "ok", checkedAt: new Date() } });
    const job = await createVerificationJob({ workspaceId: workspace.id, emails: ["ada@mx-corp.test"], targetsCompanies: true, source: "api" });
    expect(job).toMatchObject({ status: "done", total: 1, checked: 1, counts: { valid: 1 } });
    expect(await createVerificationJob({ workspaceId: workspace.id, emails: ["ada@mx-corp.test", null, " "], targetsCompanies: true, source: "leads-added", skipFresh: true })).toBeNull();
    expect(sent).toEqual([]);
  });

  it("marks the job failed, in plain words, when a chunk still fails after its retries", async () => {
    const { workspace } = await createRealDnsWorkspace();
    const job = (await createVerificationJob({ workspaceId: workspace.id, emails: ["ada@mx-corp.test"], targetsCompanies: true, source: "api" }))!;
    const { result } = await new InngestTestEngine({
      function: verifyAddressJob,
      events: [{ name: "herald/verification-job.requested", data: { jobId: job.id, workspaceId: workspace.id } }],
      // As Inngest does once a step's retries are spent: the step's promise rejects in the function.
      transformCtx: (ctx) => {
        const run = ctx.step.run;
        const failing = ((id: string, ...rest: unknown[]) =>
          id === "chunk-1" ? Promise.reject(new Error("connection refused")) : (run as (...args: unknown[]) => unknown)(id, ...rest)) as typeof run;
        return { ...ctx, step: { ...ctx.step, run: failing } };
      },
    }).execute();
    expect(result).toMatchObject({ status: "failed" });
    expect(await db.verificationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "failed", error: FAILED_JOB_MESSAGE, checked: 0 });
  });
});
