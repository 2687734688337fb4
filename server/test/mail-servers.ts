// Real mail servers for tests: an SMTP server (smtp-server, in this process, on loopback) and a
// Dovecot IMAP server (Debian's dovecot as a child process, its own config, users and Maildir
// under a temporary folder: dovecot-server.ts). Herald's mail code talks to them exactly as to a provider's servers,
// so a test sees real AUTH, TLS handshakes, refusals, Message-ID threading and Sent folders.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import type { DovecotServer } from "./dovecot-server";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "mail-tls");

/** The self-signed certificate (CN localhost, IP 127.0.0.1) the test servers present; a client trusts it by passing it as `ca`. */
export const TEST_TLS_CERT = readFileSync(path.join(FIXTURES, "cert.pem"), "utf8");
const TEST_TLS_KEY = readFileSync(path.join(FIXTURES, "key.pem"), "utf8");

export interface ReceivedSmtpMessage {
  /** MAIL FROM. */
  from: string;
  /** RCPT TO, in order. */
  to: string[];
  /** The message as the client sent it (RFC 5322, CRLF line ends). */
  raw: string;
  /** The Message-ID header, with angle brackets; null when the message had none. */
  messageId: string | null;
  /** The user the client signed in as; null without AUTH. */
  user: string | null;
}

export interface SmtpEnvelope {
  from: string;
  to: string[];
  user: string | null;
}

/** An answer the test server gives instead of accepting: e.g. `{ code: 550, message: "5.1.1 No such user" }`. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpServerOptions {
  /** Addresses (sign-in names) and their passwords for AUTH PLAIN and LOGIN. */
  users?: Record<string, string>;
  /** Whether an XOAUTH2 access token is good for this user. Without it, XOAUTH2 is refused. */
  acceptAccessToken?: (user: string, accessToken: string) => boolean;
  /** TLS from the first byte (like port 465). Otherwise plain with STARTTLS offered (like 587). */
  secure?: boolean;
  /** Offer no STARTTLS and refuse the command (a plain-only server). */
  noStartTls?: boolean;
  /** Allow AUTH over a plain connection; true unless set, as tests run on loopback. */
  allowInsecureAuth?: boolean;
  /** Refuse a sender (MAIL FROM) or a recipient (RCPT TO): return the answer, or null to accept. */
  refuseSender?: (address: string) => SmtpRefusal | null;
  refuseRecipient?: (address: string) => SmtpRefusal | null;
  /** Refuse a message after its DATA was received (e.g. 554 policy, 451 try later). */
  refuseData?: (envelope: SmtpEnvelope) => SmtpRefusal | null;
  /**
   * Awaited after the message's data arrived and before answering 250: the message counts as sent
   * only once the 250 is answered, and is discarded when the client disconnected while held (a
   * crash between handing the message over and hearing back).
   */
  holdData?: (envelope: SmtpEnvelope) => Promise<void>;
  /** Deliver each accepted message into this Dovecot's INBOX of every recipient it knows. */
  deliverTo?: DovecotServer;
}

export interface TestSmtpServer {
  host: "127.0.0.1";
  port: number;
  /** Every message the server answered 250 to, in order. */
  messages: ReceivedSmtpMessage[];
  /** How many connections the server has seen (a pooled client opens few). */
  connections(): number;
  close(): Promise<void>;
}

function refusal(answer: SmtpRefusal): Error {
  return Object.assign(new Error(answer.message), { responseCode: answer.code });
}

function headerValue(raw: string, name: string): string | null {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head);
  return match ? match[1]!.trim() : null;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedSmtpMessage[] = [];
  const closedSessions = new Set<string>();
  let connections = 0;
  const users = options.users ?? {};
  const authRequired = Boolean(options.users || options.acceptAccessToken);

  const server = new SMTPServer({
    secure: options.secure ?? false,
    key: TEST_TLS_KEY,
    cert: TEST_TLS_CERT,
    hideSTARTTLS: options.noStartTls ?? false,
    disabledCommands: options.noStartTls ? ["STARTTLS"] : [],
    allowInsecureAuth: options.allowInsecureAuth ?? true,
    authOptional: !authRequired,
    authMethods: ["PLAIN", "LOGIN", "XOAUTH2"],
    logger: false,
    // Clients pool their connections; closing the server ends them rather than waiting 30 s for them to leave.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      const user = auth.username ?? "";
      // A server without users takes any sign-in, as an open relay on loopback would.
      if (!authRequired) return callback(null, { user });
      if (auth.method === "XOAUTH2") {
        if (auth.accessToken && options.acceptAccessToken?.(user, auth.accessToken)) return callback(null, { user });
        // XOAUTH2 refusals answer a JSON challenge, then 535 (what Gmail does).
        return callback(null, { data: { status: "401", schemes: "bearer", scope: "https://mail.google.com/" } });
      }
      if (Object.hasOwn(users, user) && users[user] === auth.password) return callback(null, { user });
      callback(Object.assign(new Error("5.7.8 Username and Password not accepted"), { responseCode: 535 }));
    },
    onMailFrom(address: SMTPServerAddress, _session, callback) {
      const answer = options.refuseSender?.(address.address) ?? null;
      callback(answer ? refusal(answer) : null);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const answer = options.refuseRecipient?.(address.address) ?? null;
      callback(answer ? refusal(answer) : null);
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope: SmtpEnvelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === "string" ? session.user : null,
        };
        void (async () => {
          try {
            await options.holdData?.(envelope);
          } catch (error) {
            return callback(error instanceof Error ? error : new Error(String(error)));
          }
          const answer = options.refuseData?.(envelope) ?? null;
          if (answer) return callback(refusal(answer));
          if (closedSessions.has(session.id)) return callback(new Error("The client went away before the answer"));
          const raw = Buffer.concat(chunks).toString("utf8");
          // Delivered before the 250, as a real server queues before answering, so that a test
          // reading the recipient's INBOX right after the send finds the message there.
          if (options.deliverTo) {
            for (const recipient of envelope.to) await options.deliverTo.deliver(recipient, raw).catch(() => undefined);
          }
          messages.push({ ...envelope, raw, messageId: headerValue(raw, "Message-ID") });
          callback(null, `2.0.0 OK queued as ${randomBytes(6).toString("hex")}`);
        })();
      });
    },
    onClose(session) {
      closedSessions.add(session.id);
    },
  });
  server.on("error", () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: "127.0.0.1",
    port,
    messages,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { DOVECOT_BINARY, DOVECOT_LDA_BINARY, freePort, startDovecot, type DovecotHandle, type DovecotOptions, type DovecotServer } from "./dovecot-server";
