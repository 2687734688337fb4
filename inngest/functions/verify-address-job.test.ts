// Contract of verify-address-job with Inngest's own test engine: run by
// herald/verification-job.requested, one run per job and two at once, one step per chunk until the
// job is done, and a chunk that still fails after its retries marks the job failed. The services are
// mocked (no database); the job itself runs on BIND and PostgreSQL in
// server/services/verification/verification-job.test.ts.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkVerificationJobChunk } from "@/server/services/verification/check-verification-job-chunk";
import { failVerificationJob } from "@/server/services/verification/fail-verification-job";
import { FAILED_JOB_MESSAGE } from "@/server/services/verification/run-verification-job-here";
import { syncedFunction } from "../../server/test/inngest-contract";
import { verifyAddressJob } from "./verify-address-job";

vi.mock("@/server/services/verification/check-verification-job-chunk", () => ({ checkVerificationJobChunk: vi.fn(), CHUNK_SIZE: 2000 }));
vi.mock("@/server/services/verification/fail-verification-job", () => ({ failVerificationJob: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const event = { name: "herald/verification-job.requested", data: { jobId: "vjb_1", workspaceId: "wsp_1" } };

describe("verify-address-job", () => {
  it("runs on herald/verification-job.requested, one run per job, two jobs at once, retried three times", async () => {
    const { config, spec } = await syncedFunction(verifyAddressJob);
    expect(config.triggers).toEqual([{ event: "herald/verification-job.requested" }]);
    expect(spec).toMatchObject({ maxAttempts: 4, concurrency: [expect.objectContaining({ limit: 1, key: "event.data.workspaceId" }), expect.objectContaining({ limit: 4 })] });
  });

  it("checks chunk after chunk, each in its own step, until the job is done", async () => {
    vi.mocked(checkVerificationJobChunk)
      .mockResolvedValueOnce({ done: false, checked: 2000, total: 4500 })
      .mockResolvedValueOnce({ done: false, checked: 4000, total: 4500 })
      .mockResolvedValueOnce({ done: true, checked: 4500, total: 4500 });
    const { result, ctx } = await new InngestTestEngine({ function: verifyAddressJob, events: [event] }).execute();
    expect(result).toEqual({ jobId: "vjb_1", status: "done", chunks: 3, checked: 4500 });
    expect(checkVerificationJobChunk).toHaveBeenCalledWith("vjb_1");
    expect(new Set(ctx.step.run.mock.calls.map(([id]) => id))).toEqual(new Set(["chunk-1", "chunk-2", "chunk-3"]));
    expect(failVerificationJob).not.toHaveBeenCalled();
  });

  it("lets Inngest retry a chunk that failed", async () => {
    vi.mocked(checkVerificationJobChunk).mockRejectedValue(new Error("connection refused"));
    const { step } = await new InngestTestEngine({ function: verifyAddressJob, events: [event] }).executeStep("chunk-1");
    expect(step.op).toBe("StepError");
  });

  it("marks the job failed, in plain words, once a chunk's retries are spent", async () => {
    const { result } = await new InngestTestEngine({
      function: verifyAddressJob,
      events: [event],
      // As Inngest does once a step's retries are spent: the step's promise rejects in the function.
      transformCtx: (ctx) => {
        const run = ctx.step.run;
        const failing = ((id: string, ...rest: unknown[]) =>
          id === "chunk-1" ? Promise.reject(new Error("connection refused")) : (run as (...args: unknown[]) => unknown)(id, ...rest)) as typeof run;
        return { ...ctx, step: { ...ctx.step, run: failing } };
      },
    }).execute();
    expect(result).toEqual({ jobId: "vjb_1", status: "failed", chunks: 1 });
    expect(failVerificationJob).toHaveBeenCalledExactlyOnceWith("vjb_1", FAILED_JOB_MESSAGE);
  });
});
