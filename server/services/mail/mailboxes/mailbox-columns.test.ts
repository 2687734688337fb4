import { describe, expect, it } from "vitest";
import { decryptMailCredentials, encryptMailCredentials, mailboxSettingsColumn, readMailboxSettings, readRemovedMailboxSnapshot, removedMailboxSnapshotColumn } from "./mailbox-columns";
import { encryptSecret } from "../../../lib/encryption";

describe("mailbox columns", () => {
  it("keeps credentials encrypted and reads back each kind", () => {
    for (const credentials of [
      { kind: "sandbox" as const },
      { kind: "password" as const, smtpPassword: "s3cret", imapPassword: "s3cret-imap" },
      { kind: "oauth" as const, refreshToken: "1//refresh", accessToken: null, accessTokenExpiresAt: null },
    ]) {
      const stored = encryptMailCredentials(credentials);
      expect(stored).not.toContain("s3cret");
      expect(stored).not.toContain("refresh");
      expect(decryptMailCredentials(stored)).toEqual(credentials);
    }
  });

  it("refuses stored credentials or snapshots of another shape instead of half-using them", () => {
    expect(() => decryptMailCredentials(encryptSecret(JSON.stringify({ kind: "password", smtpPassword: "x" })))).toThrow(/expected shape/);
    expect(() => readRemovedMailboxSnapshot({ settings: {}, campaignIds: [] })).toThrow(/removed mailbox snapshot/);
  });

  it("round-trips server settings and a removed mailbox's snapshot; no settings reads as null", () => {
    const settings = {
      smtp: { host: "smtp.example.com", port: 465, security: "tls" as const, username: "jane@example.com" },
      imap: { host: "imap.example.com", port: 993, security: "tls" as const, username: "jane@example.com" },
    };
    expect(readMailboxSettings(mailboxSettingsColumn(settings))).toEqual(settings);
    expect(readMailboxSettings(null)).toBeNull();
    const snapshot = {
      settings: { label: "Jane", fromName: null, dailyLimit: 40, signature: null, trackOpens: true, trackClicks: false, timezone: "Europe/Paris" },
      campaignIds: ["cmp_1"],
      campaignLeadIds: ["cld_1", "cld_2"],
    };
    expect(readRemovedMailboxSnapshot(removedMailboxSnapshotColumn(snapshot))).toEqual(snapshot);
  });
});
