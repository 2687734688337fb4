// The deliverability test as shown: a test whose run was lost is not shown running forever (the
// page offers no new test while one runs, and only a new start would finish the lost one).
import { describe, expect, it } from "vitest";
import type { DeliverabilityTest } from "../../../db/generated/client";
import { toDeliverabilityTest } from "./to-deliverability-test";

const startedAt = new Date("2026-03-02T09:00:00Z");

function row(overrides: Partial<DeliverabilityTest> = {}): DeliverabilityTest {
  return {
    id: "dlt_1",
    workspaceId: "wsp_1",
    mailboxId: "mbx_1",
    status: "running",
    seedAddress: "seed@gmail.com",
    messageId: "<a@example.com>",
    landing: null,
    spf: null,
    dkimResult: null,
    dkimSelector: null,
    dmarc: null,
    crossCheck: null,
    sendingIp: null,
    blocklistIp: null,
    blocklistDomain: null,
    blocklistAnswers: null,
    failure: null,
    failureMessage: null,
    startedAt,
    sendingAt: null,
    sentAt: null,
    finishedAt: null,
    createdAt: startedAt,
    ...overrides,
  };
}

describe("toDeliverabilityTest", () => {
  it("shows a running test as running while its run may still be going", () => {
    expect(toDeliverabilityTest(row({ sentAt: startedAt }), new Date("2026-03-02T09:12:00Z"))).toMatchObject({ status: "running", failure: null, finishedAt: null });
  });

  it("shows a test still running 15 minutes after its start as failed, so it can be run again", () => {
    const shown = toDeliverabilityTest(row(), new Date("2026-03-02T10:00:00Z"));
    expect(shown).toMatchObject({ status: "failed", failure: "read", finishedAt: "2026-03-02T09:15:00.000Z" });
    expect(shown.statusLabel).toBe("The test stopped before it finished (Herald was interrupted): run it again.");
  });

  it("leaves a finished test as it is, however old", () => {
    const done = row({ status: "done", landing: "inbox", finishedAt: new Date("2026-03-02T09:03:00Z") });
    expect(toDeliverabilityTest(done, new Date("2026-03-09T09:00:00Z"))).toMatchObject({ status: "done", landing: "inbox", finishedAt: "2026-03-02T09:03:00.000Z" });
  });
});
