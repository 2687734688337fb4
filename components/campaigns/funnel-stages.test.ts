import { describe, expect, it } from "vitest";
import type { TCampaign } from "@/server/schemas/campaign";
import { channelFigures, funnelSections, variantColumns } from "./funnel-stages";

const TRACKED = { opens: "on", clicks: "on" } as const;
const keys = (sections: ReturnType<typeof funnelSections>) => sections.map((section) => [section.title, section.stages.map((stage) => stage.key)]);

describe("funnelSections", () => {
  it("keeps a LinkedIn campaign's one list, its replies of the messaged", () => {
    const sections = funnelSections({ linkedin: true, email: false }, TRACKED);
    expect(keys(sections)).toEqual([[null, ["invited", "accepted", "messaged", "replied"]]]);
    expect(sections[0]!.stages.at(-1)).toMatchObject({ from: "messaged" });
  });

  it("shows an e-mail campaign's sent, opened, clicked, replied by e-mail and bounced, rates of the sent", () => {
    const sections = funnelSections({ linkedin: false, email: true }, TRACKED);
    expect(keys(sections)).toEqual([[null, ["emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced"]]]);
    expect(sections[0]!.stages.slice(1).every((stage) => stage.from === "emailSent" && !stage.untracked)).toBe(true);
  });

  it("shows both channels under their names, then replies on either, for a campaign using both", () => {
    expect(keys(funnelSections({ linkedin: true, email: true }, TRACKED))).toEqual([
      ["LinkedIn", ["invited", "accepted", "messaged"]],
      ["E-mail", ["emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced"]],
      ["Either channel", ["replied"]],
    ]);
  });

  it("says a count is not tracked instead of showing a 0 rate; a click still records an open", () => {
    const stage = (tracking: TCampaign["tracking"], key: string) => funnelSections({ linkedin: false, email: true }, tracking)[0]!.stages.find((item) => item.key === key)!;
    expect(stage({ opens: "off", clicks: "off" }, "emailOpened").untracked).toBe("Open tracking is off");
    expect(stage({ opens: "off", clicks: "off" }, "emailClicked").untracked).toBe("Click tracking is off");
    expect(stage({ opens: "off", clicks: "on" }, "emailOpened").untracked).toBeUndefined();
    expect(stage({ opens: "on", clicks: "off" }, "emailClicked").untracked).toBe("Click tracking is off");
  });
});

describe("variantColumns", () => {
  it("counts an e-mail step's variants by what their e-mails did, its reply rate by e-mail replies", () => {
    const email = variantColumns("email");
    expect(email.columns.map((column) => column.key)).toEqual(["emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced"]);
    expect(email.replies).toBe("emailReplied");
    const message = variantColumns("message");
    expect(message.columns.map((column) => column.key)).toEqual(["invited", "accepted", "messaged", "replied"]);
    expect(message.replies).toBe("replied");
  });
});

describe("channelFigures", () => {
  const stats: TCampaign["stats"] = {
    ...{ total: 30, done: 0, failed: 0, pending: 0, running: 30, paused: 0, replied: 0, stopped: 0 },
    ...{ invited: 9, accepted: 4, messaged: 3, emailSent: 20, emailOpened: 8, emailClicked: 2, emailReplied: 0, emailBounced: 1 },
  };
  it("gives a line per channel the campaign uses", () => {
    expect(channelFigures({ linkedin: true, email: false }, stats)).toEqual([
      { channel: "linkedin", prefix: "LinkedIn", values: [9, 4, 3], title: "LinkedIn: 9 invited, 4 accepted, 3 messaged" },
    ]);
    expect(channelFigures({ linkedin: false, email: true }, stats)).toEqual([
      { channel: "email", prefix: "E-mail", values: [20, 8, 2, 1], title: "E-mail: 20 sent, 8 opened, 2 clicked, 1 bounced" },
    ]);
    expect(channelFigures({ linkedin: true, email: true }, stats).map((line) => line.channel)).toEqual(["linkedin", "email"]);
  });
});
