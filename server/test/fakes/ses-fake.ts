// A local stand-in for Amazon SES (API v2) and for the SNS topic that carries its events, in tests:
// real HTTP on loopback. SES: GET /v2/email/account answers GetAccount's documented shape, POST
// /v2/email/outbound-emails takes SendEmail's JSON (Content.Raw.Data is the base64 MIME) and answers
// {MessageId}; errors as the AWS REST-JSON protocol sends them (status, x-amzn-ErrorType, {message}).
// SNS: a real RSA key pair and X.509 certificate made for this run, served at a .pem
// address, and messages signed with it as SNS signs them (SignatureVersion 1 or 2), so Herald's
// check runs on real signatures and a tampered message really fails it.
import { createSign, randomUUID } from "node:crypto";
import { snsStringToSign, type SnsMessage } from "../../providers/mail/api/ses/sns-message";
import { selfSignedCertificate } from "../self-signed-certificate";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";

export const TEST_TOPIC_ARN = "arn:aws:sns:eu-west-1:123456789012:herald-ses-events";

export interface SentRawEmail {
  from: string;
  to: string[];
  raw: string;
  configurationSet: string | null;
  authorization: string;
  messageId: string;
}

export interface SesFake {
  url: string;
  /** The prefix the SES transport accepts for certificates and confirmations in tests. */
  testUrlPrefix: string;
  requests: FakeRequest[];
  sent: SentRawEmail[];
  confirmations: string[];
  /** Answers the next calls with this AWS error instead (null: back to normal). */
  failWith(error: { status: number; type: string; message: string } | null): void;
  /** Keeps the e-mail, then answers 500 as if the answer were lost after SES took it. */
  acceptThenFail(on: boolean): void;
  /** An SNS message as SNS would post it, signed (tamper with it afterwards to test a refusal). */
  snsMessage(input: { type?: SnsMessage["Type"]; message: string; signatureVersion?: "1" | "2"; topicArn?: string; certUrl?: string }): SnsMessage;
  close(): Promise<void>;
}

export async function startSesFake(): Promise<SesFake> {
  // Valid over the years tests set their clocks to.
  const { privateKeyPem: key, certificatePem: cert } = selfSignedCertificate("sns.eu-west-1.amazonaws.com", new Date("2020-01-01T00:00:00Z"), new Date("2040-01-01T00:00:00Z"));
  const sent: SentRawEmail[] = [];
  const confirmations: string[] = [];
  let failure: { status: number; type: string; message: string } | null = null;
  let acceptThenFail = false;

  const handler = (request: FakeRequest): FakeAnswer => {
    if (request.path === "/SimpleNotificationService-test.pem") return { status: 200, headers: { "content-type": "application/x-pem-file" }, body: cert };
    if (request.path === "/sns" && request.query.get("Action") === "ConfirmSubscription") {
      confirmations.push(request.url);
      return { status: 200, headers: { "content-type": "text/xml" }, body: "<ConfirmSubscriptionResponse><ConfirmSubscriptionResult><SubscriptionArn>" + TEST_TOPIC_ARN + ":1</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>" };
    }
    if (!String(request.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 ")) return awsError(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
    if (failure) return awsError(failure.status, failure.type, failure.message);
    if (request.method === "GET" && request.path === "/v2/email/account") {
      return { body: { DedicatedIpAutoWarmupEnabled: false, EnforcementStatus: "HEALTHY", ProductionAccessEnabled: true, SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: sent.length }, SendingEnabled: true } };
    }
    if (request.method === "POST" && request.path === "/v2/email/outbound-emails") {
      const body = JSON.parse(request.body.toString("utf8")) as { FromEmailAddress?: string; Destination?: { ToAddresses?: string[] }; Content: { Raw?: { Data: string } }; ConfigurationSetName?: string };
      if (!body.Content.Raw) return awsError(400, "BadRequestException", "Content.Raw is required here");
      const messageId = `0102019${randomUUID().replace(/-/g, "")}-000000`;
      sent.push({
        from: body.FromEmailAddress ?? "",
        to: body.Destination?.ToAddresses ?? [],
        raw: Buffer.from(body.Content.Raw.Data, "base64").toString("utf8"),
        configurationSet: body.ConfigurationSetName ?? null,
        authorization: String(request.headers.authorization),
        messageId,
      });
      if (acceptThenFail) return awsError(500, "InternalFailure", "We encountered an internal error. Please try again.");
      return { body: { MessageId: messageId } };
    }
    return awsError(404, "NotFoundException", "No such resource");
  };
  const fake: LocalHttpFake = await startLocalHttpFake(handler);
  const certUrl = `${fake.url}/SimpleNotificationService-test.pem`;

  return {
    url: fake.url,
    testUrlPrefix: `${fake.url}/`,
    requests: fake.requests,
    sent,
    confirmations,
    failWith(next) {
      failure = next;
    },
    acceptThenFail(on) {
      acceptThenFail = on;
    },
    snsMessage(input) {
      const type = input.type ?? "Notification";
      const message: SnsMessage = {
        Type: type,
        MessageId: randomUUID(),
        TopicArn: input.topicArn ?? TEST_TOPIC_ARN,
        Message: input.message,
        Timestamp: new Date().toISOString(),
        SignatureVersion: input.signatureVersion ?? "2",
        Signature: "",
        SigningCertURL: input.certUrl ?? certUrl,
        ...(type === "Notification"
          ? { Subject: null }
          : { Token: randomUUID().replace(/-/g, ""), SubscribeURL: `${fake.url}/sns?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(TEST_TOPIC_ARN)}&Token=abc` }),
      };
      const signer = createSign(message.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
      signer.update(snsStringToSign(message), "utf8");
      return { ...message, Signature: signer.sign(key, "base64") };
    },
    close: () => fake.close(),
  };
}

function awsError(status: number, type: string, message: string): FakeAnswer {
  return { status, headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`, "x-amzn-requestid": randomUUID() }, body: { message } };
}

/** The SES event JSON of a configuration set's event publishing (docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html). */
export function sesEventJson(input: { eventType: "Bounce" | "Complaint" | "Delivery" | "Open"; sent: SentRawEmail; bounceType?: "Permanent" | "Transient"; at?: string }): string {
  const messageIdHeader = /^Message-ID: (.+)$/im.exec(input.sent.raw)?.[1]?.trim() ?? "";
  const at = input.at ?? new Date().toISOString();
  const recipient = input.sent.to[0]!;
  const mail = {
    timestamp: at,
    source: input.sent.from,
    sendingAccountId: "123456789012",
    messageId: input.sent.messageId,
    destination: input.sent.to,
    headersTruncated: false,
    headers: [
      { name: "From", value: input.sent.from },
      { name: "To", value: recipient },
      { name: "Message-ID", value: messageIdHeader },
    ],
    commonHeaders: { from: [input.sent.from], to: [recipient], messageId: messageIdHeader, subject: "Hello" },
    tags: { "ses:configuration-set": ["herald"] },
  };
  switch (input.eventType) {
    case "Bounce":
      return JSON.stringify({
        eventType: "Bounce",
        bounce: {
          bounceType: input.bounceType ?? "Permanent",
          bounceSubType: input.bounceType === "Transient" ? "MailboxFull" : "General",
          bouncedRecipients: [{ emailAddress: recipient, action: "failed", status: input.bounceType === "Transient" ? "4.2.2" : "5.1.1", diagnosticCode: input.bounceType === "Transient" ? "smtp; 452 4.2.2 Mailbox full" : "smtp; 550 5.1.1 user unknown" }],
          timestamp: at,
          feedbackId: `0102${randomUUID()}`,
          reportingMTA: "dsn; e226-55.smtp-out.eu-west-1.amazonses.com",
        },
        mail,
      });
    case "Complaint":
      return JSON.stringify({ eventType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: recipient }], timestamp: at, feedbackId: `0102${randomUUID()}`, complaintFeedbackType: "abuse" }, mail });
    case "Delivery":
      return JSON.stringify({ eventType: "Delivery", delivery: { timestamp: at, processingTimeMillis: 546, recipients: [recipient], smtpResponse: "250 ok", reportingMTA: "a8-70.smtp-out.amazonses.com" }, mail });
    case "Open":
      return JSON.stringify({ eventType: "Open", open: { ipAddress: "192.0.2.1", timestamp: at, userAgent: "Mozilla/5.0" }, mail });
  }
}

/** What SES publishes for an e-mail a receipt rule's SNS action received (docs.aws.amazon.com/ses/latest/dg/receiving-email-notifications-contents.html). */
export function sesReceivedJson(input: { raw: string; encoding?: "UTF8" | "BASE64"; to: string }): string {
  const messageId = `inbound-${randomUUID()}`;
  return JSON.stringify({
    notificationType: "Received",
    mail: { timestamp: new Date().toISOString(), source: "ann@prospect.example", messageId, destination: [input.to], headersTruncated: false, headers: [], commonHeaders: {} },
    receipt: {
      timestamp: new Date().toISOString(),
      processingTimeMillis: 222,
      recipients: [input.to],
      spamVerdict: { status: "PASS" },
      virusVerdict: { status: "PASS" },
      spfVerdict: { status: "PASS" },
      dkimVerdict: { status: "PASS" },
      dmarcVerdict: { status: "PASS" },
      action: { type: "SNS", topicArn: TEST_TOPIC_ARN, encoding: input.encoding ?? "UTF8" },
    },
    content: input.encoding === "BASE64" ? Buffer.from(input.raw).toString("base64") : input.raw,
  });
}
