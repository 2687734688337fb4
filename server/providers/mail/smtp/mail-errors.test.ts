// How nodemailer's and imapflow's failures become MailProviderErrors, for the answers a local test
// server cannot easily give (throttling sign-ins, connections dropped mid-session). The errors are
// shaped as the libraries build them (nodemailer's _formatError: code, response, responseCode, command).
import { describe, expect, it } from "vitest";
import type { MailServerSettings } from "../types";
import type { MailServerAuth } from "./connection-options";
import { afterImapSignIn, imapError, smtpSendError, smtpVerifyError } from "./mail-errors";

const smtp: MailServerSettings = { host: "smtp.example.test", port: 587, security: "starttls", username: "ann@example.test" };
const imap: MailServerSettings = { host: "imap.example.test", port: 993, security: "tls", username: "ann@example.test" };
const password: MailServerAuth = { type: "password", user: "ann@example.test", pass: "secret" };
const oauth: MailServerAuth = { type: "oauth2", user: "ann@example.test", accessToken: "token" };

function nodemailerError(code: string, response: string | null, command: string, message = "failed"): Error {
  const error = Object.assign(new Error(response ? `${message}: ${response}` : message), { code, command });
  if (response) Object.assign(error, { response, responseCode: Number(response.slice(0, 3)) });
  return error;
}

describe("smtpSendError", () => {
  it("tells a refused recipient from a refused sender or message", () => {
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EENVELOPE", "550 5.1.1 No such user", "RCPT TO"))).toMatchObject({
      code: "recipient-refused",
      retryable: false,
      serverResponse: "550 5.1.1 No such user",
    });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EENVELOPE", "550 5.4.5 Daily user sending quota exceeded", "MAIL FROM"))).toMatchObject({ code: "sending-refused" });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EMESSAGE", "554 5.7.1 Message rejected as spam", "DATA"))).toMatchObject({ code: "sending-refused" });
  });

  it("treats 4xx answers as try-again-later, also for a throttled sign-in", () => {
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EMESSAGE", "451 4.3.0 Mail server temporarily rejected message", "DATA"))).toMatchObject({ code: "mail-failed", retryable: true });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EAUTH", "454 4.7.0 Too many login attempts, please try again later", "AUTH PLAIN"))).toMatchObject({
      code: "mail-failed",
      retryable: true,
    });
  });

  it("blames the password for a password mailbox and the grant for an OAuth one", () => {
    const refused = nodemailerError("EAUTH", "535 5.7.8 Username and Password not accepted", "AUTH PLAIN", "Invalid login");
    expect(smtpSendError(smtp, password, "bob@example.test", refused)).toMatchObject({ code: "auth-failed", field: "smtp.password" });
    expect(smtpSendError(smtp, oauth, "bob@example.test", refused)).toMatchObject({ code: "auth-failed", field: null, message: expect.stringMatching(/Reconnect/) });
  });

  it("says nothing was sent only when the connection failed before the session, and 'timeout' when it broke during it", () => {
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("ESOCKET", null, "CONN", "connect ECONNREFUSED 10.0.0.1:587"))).toMatchObject({
      code: "host-unreachable",
      field: "smtp.host",
      retryable: true,
    });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("ECONNECTION", null, "CONN", "Connection closed unexpectedly"))).toMatchObject({ code: "timeout", retryable: true });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("ETIMEDOUT", null, "CONN", "Timeout"))).toMatchObject({ code: "timeout", retryable: true });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("ETLS", "502 5.5.1 Unrecognized command", "STARTTLS"))).toMatchObject({ code: "tls-failed", field: "smtp.security" });
  });
});

describe("what a server said before Herald signed in", () => {
  it("keeps only a reply's numbers from the greeting, EHLO and AUTH, and the words after MAIL FROM", () => {
    const greeting = smtpVerifyError(smtp, password, nodemailerError("EPROTOCOL", "SSH-2.0-OpenSSH_9.6", "CONN", "Invalid greeting. response=SSH-2.0-OpenSSH_9.6"));
    expect(greeting).toMatchObject({ code: "mail-failed", field: "smtp.host", serverResponse: null });
    expect(greeting.message).toMatch(/^Herald could not talk to the SMTP server smtp\.example\.test:587: it did not answer as an SMTP server does/);
    const refusedGreeting = smtpSendError(smtp, password, "bob@example.test", nodemailerError("EPROTOCOL", "554 5.3.2 internal-db.corp says go away", "CONN"));
    expect(refusedGreeting).toMatchObject({ code: "mail-failed", field: "smtp.host", serverResponse: "554 5.3.2" });
    expect(refusedGreeting.message).not.toContain("internal-db");
    const busy = smtpVerifyError(smtp, password, nodemailerError("EAUTH", "454 4.7.0 Too many login attempts from 10.1.2.3", "AUTH PLAIN"));
    expect(busy).toMatchObject({ retryable: true, serverResponse: "454 4.7.0" });
    expect(busy.message).not.toContain("10.1.2.3");
    const refusedLogin = smtpVerifyError(smtp, password, nodemailerError("EAUTH", "535 5.7.8 Username and Password not accepted", "AUTH PLAIN", "Invalid login"));
    expect(refusedLogin).toMatchObject({ code: "auth-failed", field: "smtp.password", serverResponse: "535 5.7.8" });
    expect(smtpSendError(smtp, password, "bob@example.test", nodemailerError("EENVELOPE", "550 5.7.1 Relaying denied", "MAIL FROM"))).toMatchObject({
      serverResponse: "550 5.7.1 Relaying denied",
      message: expect.stringContaining("The server said: 550 5.7.1 Relaying denied"),
    });
  });
});

describe("smtpVerifyError", () => {
  it("points at the security setting for a failed STARTTLS and names the usual pairs", () => {
    const error = smtpVerifyError(smtp, password, nodemailerError("ETLS", "502 5.5.1 Unrecognized command", "STARTTLS", "Error upgrading connection with STARTTLS"));
    expect(error).toMatchObject({ code: "tls-failed", field: "smtp.security" });
    expect(error.message).toContain("587 with STARTTLS");
  });

  it("names the host when it does not resolve", () => {
    const error = smtpVerifyError(smtp, password, nodemailerError("EDNS", null, "CONN", "getaddrinfo ENOTFOUND smtp.example.test"));
    expect(error).toMatchObject({ code: "host-unreachable", field: "smtp.host" });
    expect(error.message).toContain("smtp.example.test does not resolve");
  });
});

describe("imapError", () => {
  it("points at the IMAP password when LOGIN is refused", () => {
    const error = Object.assign(new Error("Command failed"), { authenticationFailed: true, serverResponseCode: "AUTHENTICATIONFAILED", responseText: "Authentication failed." });
    // Only the response code: the server's words before sign-in are never passed on.
    expect(imapError(imap, password, error)).toMatchObject({ code: "auth-failed", field: "imap.password", serverResponse: "AUTHENTICATIONFAILED" });
  });

  it("passes on a signed-in server's answer, but not what was said before sign-in", () => {
    const before = Object.assign(new Error("Unexpected greeting: SSH-2.0-OpenSSH_9.6"), { responseText: "SSH-2.0-OpenSSH_9.6" });
    const early = imapError(imap, password, before);
    expect(early).toMatchObject({ code: "mail-failed", field: "imap.host", serverResponse: null });
    expect(early.message).not.toContain("SSH");
    const after = afterImapSignIn(Object.assign(new Error("Command failed"), { responseText: "Mailbox does not exist" }));
    expect(imapError(imap, password, after)).toMatchObject({ serverResponse: "Mailbox does not exist", message: expect.stringContaining("Mailbox does not exist") });
  });

  it("points at the IMAP security for a certificate problem", () => {
    const error = Object.assign(new Error("certificate has expired"), { code: "CERT_HAS_EXPIRED" });
    expect(imapError(imap, password, error)).toMatchObject({ code: "tls-failed", field: "imap.security", message: expect.stringMatching(/certificate is not valid for imap\.example\.test/) });
  });
});
