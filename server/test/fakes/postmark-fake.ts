// A local stand-in for Postmark's API in tests: real HTTP on loopback, the server token checked in
// X-Postmark-Server-Token, answers in Postmark's documented shapes (postmarkapp.com/developer):
// GET /server, POST /email ({To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK"}), GET
// /messages/outbound (count, offset, recipient, metadata_<key> filters → {TotalCount, Messages}),
// and errors as 401/422 {ErrorCode, Message} (10 bad token, 300 invalid e-mail, 406 inactive
// recipient). Also builds the webhook bodies Postmark posts (Bounce, SpamComplaint, Delivery, inbound).
import { randomUUID } from "node:crypto";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest } from "./local-http-fake";

export interface PostmarkSent {
  MessageID: string;
  From: string;
  To: string;
  Subject: string;
  TextBody?: string;
  HtmlBody?: string;
  Headers: Array<{ Name: string; Value: string }>;
  Metadata?: Record<string, string>;
  MessageStream?: string;
  TrackOpens?: boolean;
  TrackLinks?: string;
  SubmittedAt: string;
}

export interface PostmarkFake {
  url: string;
  token: string;
  requests: FakeRequest[];
  sent: PostmarkSent[];
  /** Answers the next sends with this error (null: back to normal). */
  failWith(error: { status: number; ErrorCode: number; Message: string } | null): void;
  /** Keeps the e-mail, then answers 500 as if the answer were lost after Postmark took it. */
  acceptThenFail(on: boolean): void;
  close(): Promise<void>;
}

export async function startPostmarkFake(token = "pm-server-token-0000"): Promise<PostmarkFake> {
  const sent: PostmarkSent[] = [];
  let failure: { status: number; ErrorCode: number; Message: string } | null = null;
  let acceptThenFail = false;
  const handler = (request: FakeRequest): FakeAnswer => {
    if (request.headers["x-postmark-server-token"] !== token) {
      return { status: 401, body: { ErrorCode: 10, Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token." } };
    }
    if (request.method === "GET" && request.path === "/server") {
      return { body: { ID: 1, Name: "Herald tests", ApiTokens: [token], Color: "blue", SmtpApiActivated: true, InboundAddress: "abc@inbound.postmarkapp.com", TrackOpens: false, TrackLinks: "None", DeliveryType: "Live" } };
    }
    if (request.method === "POST" && request.path === "/email") {
      if (failure) return { status: failure.status, body: { ErrorCode: failure.ErrorCode, Message: failure.Message } };
      const body = JSON.parse(request.body.toString("utf8")) as Omit<PostmarkSent, "MessageID" | "SubmittedAt">;
      const message: PostmarkSent = { ...body, Headers: body.Headers ?? [], MessageID: randomUUID(), SubmittedAt: new Date().toISOString() };
      sent.push(message);
      if (acceptThenFail) return { status: 500, body: { ErrorCode: 0, Message: "Internal server error" } };
      return { body: { To: body.To, SubmittedAt: message.SubmittedAt, MessageID: message.MessageID, ErrorCode: 0, Message: "OK" } };
    }
    if (request.method === "GET" && request.path === "/messages/outbound") {
      if (!request.query.get("count") || !request.query.get("offset")) return { status: 422, body: { ErrorCode: 1, Message: "count and offset are required" } };
      const filters = [...request.query.entries()].filter(([name]) => name.startsWith("metadata_"));
      const recipient = request.query.get("recipient");
      const matching = sent.filter(
        (message) => (!recipient || message.To.includes(recipient)) && filters.every(([name, value]) => message.Metadata?.[name.slice("metadata_".length)] === value),
      );
      return {
        body: {
          TotalCount: matching.length,
          Messages: matching.slice(0, Number(request.query.get("count"))).map((message) => ({
            Tag: "",
            MessageID: message.MessageID,
            MessageStream: message.MessageStream ?? "outbound",
            To: [{ Email: message.To, Name: null }],
            Cc: [],
            Bcc: [],
            Recipients: [message.To],
            ReceivedAt: message.SubmittedAt,
            From: message.From,
            Subject: message.Subject,
            Attachments: [],
            Status: "Sent",
            TrackOpens: false,
            TrackLinks: "None",
            Metadata: message.Metadata ?? {},
            Sandboxed: false,
          })),
        },
      };
    }
    return { status: 404, body: { ErrorCode: 0, Message: "Not found" } };
  };
  const fake = await startLocalHttpFake(handler);
  return {
    url: fake.url,
    token,
    requests: fake.requests,
    sent,
    failWith(next) {
      failure = next;
    },
    acceptThenFail(on) {
      acceptThenFail = on;
    },
    close: () => fake.close(),
  };
}

/** The Bounce webhook's body (postmarkapp.com/developer/webhooks/bounce-webhook). */
export function postmarkBounce(sent: PostmarkSent, type: "HardBounce" | "SoftBounce" = "HardBounce", id = Math.floor(Math.random() * 1e10)) {
  return {
    RecordType: "Bounce",
    MessageStream: "outbound",
    ID: id,
    Type: type,
    TypeCode: type === "HardBounce" ? 1 : 4096,
    Name: type === "HardBounce" ? "Hard bounce" : "Soft bounce",
    Tag: "",
    MessageID: sent.MessageID,
    Metadata: sent.Metadata ?? {},
    ServerID: 1,
    Description: type === "HardBounce" ? "The server was unable to deliver your message (ex: unknown user, mailbox not found)." : "Mailbox full",
    Details: type === "HardBounce" ? "smtp;550 5.1.1 The email account that you tried to reach does not exist." : "smtp;452 4.2.2 mailbox full",
    Email: sent.To.replace(/^.*<|>$/g, ""),
    From: sent.From,
    BouncedAt: new Date().toISOString(),
    DumpAvailable: true,
    Inactive: type === "HardBounce",
    CanActivate: true,
    Subject: sent.Subject,
    Content: "",
  };
}

/** The Spam Complaint webhook's body (postmarkapp.com/developer/webhooks/spam-complaint-webhook). */
export function postmarkComplaint(sent: PostmarkSent, id = Math.floor(Math.random() * 1e10)) {
  return { ...postmarkBounce(sent, "HardBounce", id), RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 512, Name: "Spam complaint", Description: "The subscriber explicitly marked this message as spam.", Details: "Test spam complaint details" };
}

/** The inbound webhook's body (postmarkapp.com/developer/webhooks/inbound-webhook): a reply to `inReplyTo`. */
export function postmarkInbound(input: { from: string; to: string; subject: string; text: string; inReplyTo: string }) {
  const messageId = `<${randomUUID()}@mail.example>`;
  return {
    FromName: "Ann",
    MessageStream: "inbound",
    From: input.from,
    FromFull: { Email: input.from, Name: "Ann", MailboxHash: "" },
    To: input.to,
    ToFull: [{ Email: input.to, Name: "", MailboxHash: "" }],
    Cc: "",
    CcFull: [],
    Bcc: "",
    BccFull: [],
    OriginalRecipient: input.to,
    Subject: input.subject,
    MessageID: randomUUID(),
    ReplyTo: "",
    MailboxHash: "",
    Date: new Date().toUTCString(),
    TextBody: input.text,
    HtmlBody: "",
    StrippedTextReply: input.text,
    Tag: "",
    Headers: [
      { Name: "Message-ID", Value: messageId },
      { Name: "In-Reply-To", Value: input.inReplyTo },
      { Name: "References", Value: input.inReplyTo },
    ],
    Attachments: [],
  };
}
