import { describe, expect, it } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, INNGEST_BODY_LIMIT_BYTES, LEADS_BODY_LIMIT_BYTES, MAIL_PROVIDER_WEBHOOK_BODY_LIMIT_BYTES, RECORDING_BODY_LIMIT_BYTES, SEQUENCE_BODY_LIMIT_BYTES } from "./body-limits";

describe("body limits", () => {
  it("gives 1 MB to JSON and more only where a request needs it", () => {
    expect(bodyLimitFor("/api/v1/webhooks")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/trpc/setup.acceptInvitation")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/auth/callback/credentials")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/campaigns")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/campaigns/cmp_1/leads")).toBe(LEADS_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/lead-lists/lst_1/leads")).toBe(LEADS_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/trpc/campaigns.get,campaigns.addLeads")).toBe(LEADS_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/campaigns")).toBe(SEQUENCE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/pending-voice-notes/pvn_1/recording")).toBe(RECORDING_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/trpc/approvals.voiceNotes.uploadRecording")).toBe(RECORDING_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/pending-voice-notes/pvn_1/re-record")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/campaigns/cmp_1")).toBe(SEQUENCE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/campaigns/cmp_1/sequence/step_1")).toBe(SEQUENCE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/v1/campaigns/cmp_1/rebalance")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/trpc/campaigns.update")).toBe(SEQUENCE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/inngest")).toBe(INNGEST_BODY_LIMIT_BYTES);
    // An e-mail API mailbox's address, and Mailgun's ending in /mime, take whole replies with attachments.
    expect(bodyLimitFor("/api/providers/mail/postmark/tok_abc")).toBe(MAIL_PROVIDER_WEBHOOK_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/providers/mail/mailgun/tok_abc/mime")).toBe(MAIL_PROVIDER_WEBHOOK_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/providers/mail/mailgun/tok_abc/other")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });
});
