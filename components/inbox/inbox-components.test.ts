import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TConversationMessage, TConversationSummary } from "@/server/schemas/inbox";
import { ConversationRow } from "./conversation-list";
import { MessageBubble } from "./message-bubble";

const now = Date.parse("2026-11-24T09:00:00.000Z");
const lead = { id: "led_1", firstName: "Lin", lastName: "Moreau", email: "lin@prospects.example", linkedinUrl: null, picture: null, company: "Moreau & Fils", jobTitle: "CTO" };

const summary: TConversationSummary = {
  id: "cnv_1",
  channel: "email",
  chatId: "email:mbx_1:<a@herald>",
  account: { id: "mbx_1", kind: "mailbox", name: "Grace Hopper <grace@herald.example>" },
  lead,
  campaign: { id: "cmp_1", name: "Q4 founders" },
  campaignLeadId: "cld_1",
  interest: "interested",
  subject: "A question, Lin",
  lastMessage: { text: "Happy to talk.\nThursday?", at: "2026-11-24T08:57:00.000Z", direction: "inbound" },
  messageCount: 2,
  replied: true,
  unread: true,
};

function message(overrides: Partial<TConversationMessage>): TConversationMessage {
  return { id: "m1", direction: "inbound", source: "campaign", kind: "reply", text: "Hello", subject: null, at: "2026-11-24T08:00:00.000Z", status: "received", bounce: null, voiceNote: null, ...overrides };
}

function bubble(value: TConversationMessage) {
  return renderToStaticMarkup(createElement("ol", null, createElement(MessageBubble, { message: value, lead, now, showSubject: true })));
}

describe("a conversation's row", () => {
  it("shows the lead and company, channel, account, campaign, subject, snippet, time, the unread dot and the interest", () => {
    const html = renderToStaticMarkup(createElement("ul", null, createElement(ConversationRow, { conversation: summary, href: "/inbox?c=cnv_1", selected: false, now })));
    for (const text of ["Lin Moreau", "Moreau &amp; Fils", "E-mail", "Grace Hopper &lt;grace@herald.example&gt;", "Q4 founders", "A question, Lin", "Happy to talk. Thursday?", "3 minutes ago", "Interested"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('data-testid="unread-dot"');
    expect(html).toContain('aria-label="Unread: Lin Moreau, Moreau &amp; Fils"');
    expect(html).toContain('href="/inbox?c=cnv_1"');
  });

  it("has no dot once read, and marks the workspace's own last message", () => {
    const html = renderToStaticMarkup(
      createElement(ConversationRow, { conversation: { ...summary, unread: false, interest: null, lastMessage: { ...summary.lastMessage, direction: "outbound" } }, href: "/inbox", selected: true, now }),
    );
    expect(html).not.toContain("unread-dot");
    expect(html).not.toContain("Interested");
    expect(html).toContain("You: Happy to talk.");
    expect(html).toContain('aria-current="true"');
  });
});

describe("a message bubble", () => {
  it("puts the lead's messages on the left and the workspace's on the right, labelled by source", () => {
    expect(bubble(message({}))).toContain("justify-start");
    const campaign = bubble(message({ direction: "outbound", source: "campaign", kind: "message", status: "sent" }));
    expect(campaign).toContain("justify-end");
    expect(campaign).toContain(">Campaign<");
    expect(bubble(message({ direction: "outbound", source: "manual", kind: "message", status: "sent" }))).toContain(">You<");
  });

  it("mutes an automatic reply and says what it is", () => {
    const html = bubble(message({ kind: "auto-reply", text: "I am out of office until Monday." }));
    expect(html).toContain("Automatic reply");
    expect(html).toContain("border-dashed");
  });

  it("shows a bounced e-mail with the bounce's message", () => {
    const html = bubble(message({ direction: "outbound", kind: "message", status: "bounced", subject: "A question", bounce: { kind: "hard", message: "The address does not exist." } }));
    expect(html).toContain('data-testid="message-bounce"');
    expect(html).toContain("The address does not exist.");
    expect(html).toContain("A question");
  });
});

describe("a sent voice message", () => {
  it("shows a player and its length instead of '(no text)'", () => {
    const html = bubble(message({ direction: "outbound", kind: "message", text: "", status: "sent", voiceNote: { audioUrl: "https://herald.example/api/files/a.mp3?expires=1&signature=x", audioUrlExpiresAt: "2026-11-24T09:00:00.000Z", durationMs: 42_400 } }));
    expect(html).toContain("Voice message · 0:42");
    expect(html).toContain('<audio controls="" preload="none" src="https://herald.example/api/files/a.mp3?expires=1&amp;signature=x"');
    expect(html).not.toContain("(no text)");
    expect(bubble(message({ direction: "outbound", kind: "message", text: "" }))).toContain("(no text)");
  });
});
