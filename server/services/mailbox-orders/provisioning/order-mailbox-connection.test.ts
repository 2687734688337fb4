// How an order's granted access becomes a mailbox's connection, including an order authorized by
// an earlier Herald, which kept a password for a Microsoft 365 mailbox that Exchange refuses.
import { describe, expect, it } from "vitest";
import { orderMailboxConnection } from "./connect-order-mailboxes";

const password = {
  kind: "password" as const,
  username: "ada@acme-mail.com",
  password: "secret",
  smtp: { host: "smtp.office365.com", port: 587, security: "starttls" as const },
  imap: { host: "outlook.office365.com", port: 993, security: "tls" as const },
};

describe("orderMailboxConnection", () => {
  it("reaches a Microsoft 365 user through Graph, also when an earlier Herald granted a password", () => {
    const graph = { provider: "microsoft-graph", authType: "app", settings: null, credentials: { kind: "app", userId: "user-1" } };
    expect(orderMailboxConnection({ kind: "graph", userId: "user-1" }, "user-1")).toEqual(graph);
    expect(orderMailboxConnection(password, "user-1")).toEqual(graph);
  });

  it("keeps SMTP and IMAP with the password on another platform, and the sandbox's own provider", () => {
    expect(orderMailboxConnection(password, null)).toMatchObject({ provider: "smtp", authType: "password", credentials: { kind: "password", smtpPassword: "secret" } });
    expect(orderMailboxConnection({ kind: "sandbox" }, null)).toEqual({ provider: "sandbox", authType: "sandbox", settings: null, credentials: { kind: "sandbox" } });
  });
});
