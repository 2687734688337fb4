// Invitations by e-mail: sent through the system mailbox when the installation has one (here a real
// SMTP server in this process), otherwise the link is for the admin to pass on, and the answer says why.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../env";
import { createTestWorkspace } from "../../test/factories";
import { startSmtpServer, type TestSmtpServer } from "../../test/mail-servers";
import { ZInviteMemberInput } from "../../schemas/account-user";
import { inviteMember } from "./invite-member";

const SETTINGS = ["HERALD_SYSTEM_SMTP_SERVER", "HERALD_SYSTEM_MAIL_FROM", "HERALD_SYSTEM_SMTP_USERNAME", "HERALD_SYSTEM_SMTP_PASSWORD"];
let server: TestSmtpServer | undefined;

afterEach(async () => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnv();
  await server?.close();
  server = undefined;
});

function useSystemMailbox(settings: Record<string, string>) {
  Object.assign(process.env, settings);
  resetEnv();
}

/** The message's text part, with quoted-printable soft line breaks undone. */
function textOf(raw: string): string {
  return raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
}

describe("invitation e-mails", () => {
  it("sends the invitation link through the system mailbox, signed in, from its address", async () => {
    server = await startSmtpServer({ users: { "herald@example.com": "mail password" } });
    useSystemMailbox({
      HERALD_SYSTEM_SMTP_SERVER: `127.0.0.1:${server.port}:none`,
      HERALD_SYSTEM_MAIL_FROM: "Herald <herald@example.com>",
      HERALD_SYSTEM_SMTP_USERNAME: "herald@example.com",
      HERALD_SYSTEM_SMTP_PASSWORD: "mail password",
    });
    const { actor } = await createTestWorkspace({ role: "admin", name: "Acme outreach" });
    const { url, email } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "new.person@example.com", role: "member" }));
    expect(email).toEqual({ sent: true, to: "new.person@example.com", problem: null });
    expect(server.messages).toHaveLength(1);
    const [message] = server.messages;
    expect(message).toMatchObject({ from: "herald@example.com", to: ["new.person@example.com"], user: "herald@example.com" });
    expect(message!.raw).toMatch(/^Subject: You are invited to Acme outreach on Herald\r$/m);
    expect(textOf(message!.raw)).toContain(url);
  });

  it("keeps the link when the server refuses, and says what went wrong", async () => {
    server = await startSmtpServer({ refuseRecipient: () => ({ code: 550, message: "5.1.1 No such user" }) });
    useSystemMailbox({ HERALD_SYSTEM_SMTP_SERVER: `127.0.0.1:${server.port}:none`, HERALD_SYSTEM_MAIL_FROM: "herald@example.com" });
    const { actor } = await createTestWorkspace({ role: "admin" });
    const { url, email } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "nobody@example.com" }));
    expect(url).toContain("/invite/");
    expect(email.sent).toBe(false);
    expect(email.problem).toMatch(/^The system mailbox could not send the e-mail \(.*550.*\): copy the link and send it yourself\.$/);
  });

  it("without a system mailbox, sends nothing and names the settings that would", async () => {
    const { actor } = await createTestWorkspace({ role: "admin" });
    const { email } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "someone@example.com" }));
    expect(email).toEqual({
      sent: false,
      to: "someone@example.com",
      problem: "No system mailbox is set up: copy the link and send it yourself. The installation's operator can set one with HERALD_SYSTEM_SMTP_SERVER and HERALD_SYSTEM_MAIL_FROM.",
    });
  });
});
