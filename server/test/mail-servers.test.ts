// The test mail servers behave like real ones where tests depend on it: AUTH is checked, a held
// message counts only once answered, a client gone before the answer leaves no message behind,
// and accepted mail lands in Dovecot where IMAP reads it.
import { connect, type Socket } from "node:net";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDovecot, startSmtpServer, type DovecotServer } from "./mail-servers";

function transport(port: number, auth: { user: string; pass: string } | { type: "OAuth2"; user: string; accessToken: string }) {
  return nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, auth, connectionTimeout: 5_000 });
}

/** Speaks SMTP by hand up to the end of DATA and returns the open socket, so a test can drop it while the server holds the message. */
async function rawSmtpUpToData(port: number, messageId: string): Promise<Socket> {
  const socket = connect({ host: "127.0.0.1", port });
  let buffer = "";
  const waiters: Array<() => void> = [];
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    waiters.splice(0).forEach((wake) => wake());
  });
  const expectReply = async (code: string) => {
    while (!new RegExp(`(^|\\r\\n)${code} [^\\r]*\\r\\n$`).test(buffer)) await new Promise<void>((resolve) => waiters.push(resolve));
    buffer = "";
  };
  await expectReply("220");
  const plain = Buffer.from("\0ann@herald.test\0right").toString("base64");
  for (const [line, code] of [["EHLO tester", "250"], [`AUTH PLAIN ${plain}`, "235"], ["MAIL FROM:<ann@herald.test>", "250"], ["RCPT TO:<bob@herald.test>", "250"], ["DATA", "354"]] as const) {
    socket.write(`${line}\r\n`);
    await expectReply(code);
  }
  socket.write(`From: ann@herald.test\r\nTo: bob@herald.test\r\nMessage-ID: ${messageId}\r\nSubject: Hello\r\n\r\nHi Bob\r\n.\r\n`);
  return socket;
}

const message = (id: string) => ({ from: "ann@herald.test", to: "bob@herald.test", subject: "Hello", text: "Hi Bob", messageId: `<${id}@herald.test>` });

describe("startSmtpServer", () => {
  it("checks passwords and XOAUTH2 tokens", async () => {
    const server = await startSmtpServer({ users: { "ann@herald.test": "right" }, acceptAccessToken: (user, token) => user === "ann@herald.test" && token === "good-token" });
    try {
      await expect(transport(server.port, { user: "ann@herald.test", pass: "right" }).verify()).resolves.toBe(true);
      await expect(transport(server.port, { user: "ann@herald.test", pass: "wrong" }).verify()).rejects.toMatchObject({ code: "EAUTH", responseCode: 535 });
      await expect(transport(server.port, { type: "OAuth2", user: "ann@herald.test", accessToken: "good-token" }).verify()).resolves.toBe(true);
      await expect(transport(server.port, { type: "OAuth2", user: "ann@herald.test", accessToken: "stale" }).verify()).rejects.toMatchObject({ code: "EAUTH" });
    } finally {
      await server.close();
    }
  });

  it("records a held message only once it answered 250, and drops it when the client left before", async () => {
    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const heldNow = () => new Promise<void>((resolve) => (held = resolve));
    const server = await startSmtpServer({
      users: { "ann@herald.test": "right" },
      holdData: () => {
        held();
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    try {
      const kept = transport(server.port, { user: "ann@herald.test", pass: "right" });
      let isHeld = heldNow();
      const sending = kept.sendMail(message("kept"));
      await isHeld;
      expect(server.messages).toEqual([]);
      release();
      await expect(sending).resolves.toMatchObject({ response: expect.stringMatching(/^250 /) });
      expect(server.messages.map((received) => received.messageId)).toEqual(["<kept@herald.test>"]);
      expect(server.messages[0]).toMatchObject({ from: "ann@herald.test", to: ["bob@herald.test"], user: "ann@herald.test" });

      // The sender dies while the server holds the message (its socket closes), then the server answers.
      isHeld = heldNow();
      const socket = await rawSmtpUpToData(server.port, "<lost@herald.test>");
      await isHeld;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.messages.map((received) => received.messageId)).toEqual(["<kept@herald.test>"]);
    } finally {
      await server.close();
    }
  });
});

describe("startDovecot", () => {
  let dovecot: DovecotServer;
  beforeAll(async () => {
    dovecot = await startDovecot();
    await dovecot.addUser("bob@herald.test", "bob-pass");
  });
  afterAll(async () => {
    await dovecot?.close();
  });

  it("signs users in, offers a Sent folder, and receives what the SMTP server accepted", async () => {
    const server = await startSmtpServer({ deliverTo: dovecot });
    try {
      await transport(server.port, { user: "ann@herald.test", pass: "any" }).sendMail(message("delivered"));
    } finally {
      await server.close();
    }
    const client = new ImapFlow({ host: dovecot.host, port: dovecot.imapPort, secure: false, auth: { user: "bob@herald.test", pass: "bob-pass" }, logger: false });
    await client.connect();
    try {
      const folders = await client.list();
      expect(folders.find((folder) => folder.specialUse === "\\Sent")?.path).toBe("Sent");
      const lock = await client.getMailboxLock("INBOX");
      try {
        const found = await client.search({ header: { "message-id": "<delivered@herald.test>" } }, { uid: true });
        expect(found).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
    const wrong = new ImapFlow({ host: dovecot.host, port: dovecot.imapPort, secure: false, auth: { user: "bob@herald.test", pass: "nope" }, logger: false });
    await expect(wrong.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });
});
