// The webhooks of inbox replies, delivered for real: an endpoint subscribed to message.sent and
// email.sent receives each reply once, with source `manual`, through the outbox and the job runner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZCreateWebhookInput } from "../../schemas/webhook";
import { createWebhook } from "../webhooks/create-webhook";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail } from "../../test/inbox-seed";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { replyToConversation } from "./reply-to-conversation";

let jobs: HeraldJobs;
let receiver: WebhookReceiver;

beforeAll(async () => {
  jobs = await startHeraldJobs();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await jobs?.stop();
});

describe("webhooks of inbox replies", () => {
  it("delivers message.sent and email.sent with source manual for replies on both channels", async () => {
    const { actor } = await inboxWorkspace();
    await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["message.sent", "email.sent"] }));
    const linkedin = await linkedinConversationSeed(actor, jobs.clock, { sent: "Hello there", reply: "Tell me more" });
    const email = await emailConversationSeed(actor);
    await receivedEmail(email.thread, { kind: "reply", text: "Sure", from: email.lead.email!, root: email.first.messageId, inReplyTo: email.first.messageId });
    await jobs.executor.drain();
    // The campaign message's own message.sent was delivered with the seed: only the replies from here on.
    receiver.received.length = 0;

    jobs.clock.advance(60_000);
    await replyToConversation(actor, linkedin.conversation.id, { text: "Here it is" });
    await replyToConversation(actor, (await email.conversation()).id, { text: "Great, thanks" });
    await jobs.executor.drain();

    const byEvent = Object.fromEntries(receiver.received.map((delivery) => [delivery.body.event, delivery.body.data]));
    expect(receiver.received).toHaveLength(2);
    expect(byEvent["message.sent"]).toMatchObject({ source: "manual", accountId: linkedin.sender.id, chatId: linkedin.chatId, leadId: linkedin.lead.id, message: { text: "Here it is" } });
    expect(byEvent["email.sent"]).toMatchObject({
      source: "manual",
      accountId: email.mailbox.id,
      campaignLeadId: email.campaignLead.id,
      email: { subject: "Re: Quick question", to: email.lead.email, threaded: true },
      message: { text: "Great, thanks" },
    });
  });
});
