import { describe, expect, it } from "vitest";
import { composerWording, isSendShortcut, leadInitials, leadName, messageAuthor, snippet, subjectChanges } from "./inbox-display";

const lead = { id: "led_1", firstName: null, lastName: null, email: null, linkedinUrl: null, picture: null, company: null, jobTitle: null };

describe("the lead's name", () => {
  it("is the name, else the address, else the LinkedIn handle", () => {
    expect(leadName({ ...lead, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(leadName({ ...lead, email: "ada@example.com" })).toBe("ada@example.com");
    expect(leadName({ ...lead, linkedinUrl: "https://www.linkedin.com/in/ada-lovelace-1815/" })).toBe("ada-lovelace-1815");
    expect(leadName(lead)).toBe("Unnamed lead");
    expect(leadInitials({ ...lead, firstName: "Ada", lastName: "Lovelace" })).toBe("AL");
    expect(leadInitials({ ...lead, email: "grace@example.com" })).toBe("GE");
  });
});

describe("messages", () => {
  it("say who wrote them: the lead (or their automatic reply), the campaign, you, or the API", () => {
    const ada = { ...lead, firstName: "Ada" };
    expect(messageAuthor({ direction: "inbound", source: "campaign", kind: "reply" }, ada)).toBe("Ada");
    expect(messageAuthor({ direction: "inbound", source: "campaign", kind: "auto-reply" }, ada)).toBe("Ada · Automatic reply");
    expect(messageAuthor({ direction: "outbound", source: "campaign", kind: "message" }, ada)).toBe("Campaign");
    expect(messageAuthor({ direction: "outbound", source: "manual", kind: "message" }, ada)).toBe("You");
    expect(messageAuthor({ direction: "outbound", source: "direct", kind: "message" }, ada)).toBe("Sent through the API");
  });

  it("show an e-mail's subject only where the thread's subject changes", () => {
    expect(subjectChanges([{ subject: "Pricing" }, { subject: "Re: Pricing" }, { subject: "RE: re: pricing " }, { subject: "New topic" }])).toEqual([true, false, false, true]);
  });

  it("shorten to a one-line snippet, yours marked as such", () => {
    expect(snippet({ lastMessage: { text: "Sounds\n\ngood,  thanks", at: "2026-11-24T08:00:00.000Z", direction: "inbound" } })).toBe("Sounds good, thanks");
    expect(snippet({ lastMessage: { text: "Great, talk Thursday", at: "2026-11-24T08:00:00.000Z", direction: "outbound" } })).toBe("You: Great, talk Thursday");
  });
});

describe("the composer", () => {
  const key = { key: "Enter", ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
  it("sends on Ctrl+Enter or ⌘+Enter, never on a plain Enter or while composing", () => {
    expect(isSendShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSendShortcut({ ...key, metaKey: true })).toBe(true);
    expect(isSendShortcut(key)).toBe(false);
    expect(isSendShortcut({ ...key, shiftKey: true })).toBe(false);
    expect(isSendShortcut({ ...key, ctrlKey: true, nativeEvent: { isComposing: true } })).toBe(false);
  });

  it("says which account the answer leaves from, and that an e-mail stays in its thread", () => {
    const account = { id: "mbx_1", kind: "mailbox" as const, name: "Grace <grace@herald.example>" };
    expect(composerWording({ channel: "email", account, subject: "Re: A question" })).toEqual({
      label: "Reply by e-mail from Grace <grace@herald.example>",
      placeholder: "Re: A question — your answer, sent in the same thread",
    });
    expect(composerWording({ channel: "linkedin", account: { ...account, kind: "sender", name: "Mira Chen" }, subject: null }).label).toBe("Reply on LinkedIn as Mira Chen");
  });
});
