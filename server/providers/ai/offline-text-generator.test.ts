// The offline comment drafter: deterministic, short, plain, and showing the post was read.
import { describe, expect, it } from "vitest";
import { draftCommentOffline, offlineTextGenerator, postTopic, writeLineOffline } from "./offline-text-generator";
import type { CommentDraftInput } from "./types";

const input: CommentDraftInput = {
  prompt: "Compliment their insight and ask a question.",
  post: { text: "We doubled our support team in six months without lowering the bar. A bigger support team needs structured interviews.", url: "https://www.linkedin.com/feed/update/urn:li:activity:7" },
  lead: { firstName: "Ada", lastName: "Lovelace", headline: null, company: null, jobTitle: null },
  sender: { fullName: "Grace Hopper" },
};

describe("the offline text generator", () => {
  it("drafts the same comment for the same post and step", async () => {
    expect(await offlineTextGenerator.draftComment(input)).toBe(await offlineTextGenerator.draftComment({ ...input }));
    expect(offlineTextGenerator.name).toBe("offline");
  });

  it("names the lead and the post's topic, in plain text within LinkedIn's limit", () => {
    const comment = draftCommentOffline(input);
    expect(comment).toContain("Ada");
    expect(comment).toContain("support team");
    expect(comment.length).toBeLessThanOrEqual(1250);
    expect(comment).not.toMatch(/#|"|\{|\}/);
  });

  it("varies between posts", () => {
    const comments = new Set(
      ["a", "b", "c", "d", "e", "f"].map((id) => draftCommentOffline({ ...input, post: { ...input.post, url: `https://www.linkedin.com/feed/update/${id}` } })),
    );
    expect(comments.size).toBeGreaterThan(1);
  });

  it("writes a sensible comment with no name and an empty post", () => {
    const comment = draftCommentOffline({ ...input, post: { text: "", url: "u" }, lead: { ...input.lead, firstName: null } });
    expect(comment).toMatch(/^[A-Z][^,]*! This is a perspective more teams should hear\. /);
  });
});

describe("postTopic", () => {
  it("prefers a repeated pair of content words, then a repeated word, then the first pair", () => {
    expect(postTopic(input.post.text)).toBe("support team");
    expect(postTopic("Hiring is hard. Hiring well is harder. #hiring")).toBe("hiring");
    expect(postTopic("Quarterly planning done right: fewer goals, clearer owners.")).toBe("quarterly planning");
    expect(postTopic("See https://example.com/very-long-link-words")).toBe(null);
  });
});

describe("writeLineOffline", () => {
  const base = {
    name: "icebreaker",
    maxLength: 300,
    lead: { firstName: "Ada", lastName: "Lovelace", headline: "Head of Support", jobTitle: "Head of Support", company: "Analytical Engines", location: "London" },
    post: { text: "Structured interviews helped our support team grow. Structured interviews keep the bar high.", url: "https://www.linkedin.com/feed/update/urn:li:activity:9" },
    sender: { fullName: "Grace Hopper" },
  };

  it("writes about the post when the prompt asks about it, the same line each time", () => {
    const line = writeLineOffline({ ...base, prompt: "One friendly line about their latest post" });
    expect(line).toMatch(/structured interviews/);
    expect(writeLineOffline({ ...base, prompt: "One friendly line about their latest post" })).toBe(line);
  });

  it("writes about the company or role when asked, and from what is known otherwise", () => {
    expect(writeLineOffline({ ...base, prompt: "Mention their company" })).toContain("Analytical Engines");
    expect(writeLineOffline({ ...base, prompt: "Something about their role", post: null })).toContain("Head of Support at Analytical Engines");
    expect(writeLineOffline({ ...base, prompt: "About their latest post", post: null })).toMatch(/Analytical Engines|Head of Support|London/);
  });

  it("writes nothing when nothing is known, and keeps within the limit", () => {
    const nobody = { firstName: null, lastName: null, headline: null, jobTitle: null, company: null, location: null };
    expect(writeLineOffline({ ...base, lead: nobody, post: null, prompt: "Anything" })).toBe("");
    expect(writeLineOffline({ ...base, prompt: "Mention their role", post: null, maxLength: 30 }).length).toBeLessThanOrEqual(30);
  });
});
