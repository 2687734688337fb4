import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TCampaignForecast } from "@/server/schemas/campaign-forecast";
import { ForecastPanel } from "./forecast-panel";

const counts = { invitations: 0, messages: 0, inmails: 0, profileViews: 0 };

const forecast: TCampaignForecast = {
  campaignId: "cmp_1",
  generatedAt: "2026-03-02T07:00:00.000Z",
  horizonEnd: "2026-03-05T23:00:00.000Z",
  timezone: "Europe/Paris",
  model: "sandbox",
  assumptions: ["Senders act between 09:00 and 19:00 on weekdays", "Acceptances follow the sandbox's behaviour model"],
  finishAt: "2026-03-04T15:30:00.000Z",
  totals: { ...counts, invitations: 3, profileViews: 3, emails: 0, emailsOpened: 0, emailsClicked: 0, leads: 3, reached: 3, accepted: 1, replied: 0 },
  days: [
    {
      date: "2026-03-02",
      total: 4,
      senders: [
        { ...counts, linkedinAccountId: "acc_dana", profileViews: 2, invitations: 1 },
        { ...counts, linkedinAccountId: "acc_eli", profileViews: 1 },
      ],
      mailboxes: [],
    },
    { date: "2026-03-03", total: 0, senders: [], mailboxes: [] },
  ],
  leads: [
    {
      campaignLeadId: "cld_1",
      leadId: "led_1",
      name: "Maya Chen",
      linkedinAccountId: "acc_dana",
      emailAccountId: null,
      firstActionAt: "2026-03-02T08:05:00.000Z",
      steps: [
        { stepId: "st_visit", type: "visit_profile", at: "2026-03-02T08:05:00.000Z", outcome: null },
        { stepId: "st_invite", type: "invite", at: "2026-03-02T12:05:00.000Z", outcome: "yes" },
      ],
      expectedStatus: "done",
      endsAt: "2026-03-04T15:30:00.000Z",
    },
    { campaignLeadId: "cld_2", leadId: "led_2", name: null, linkedinAccountId: null, emailAccountId: null, firstActionAt: null, steps: [], expectedStatus: "pending", endsAt: null },
  ],
  leadsTruncated: false,
  experiments: [],
};

function render(value: TCampaignForecast) {
  return renderToStaticMarkup(createElement(ForecastPanel, { forecast: value, senderNames: new Map([["acc_dana", "Dana Fischer"]]) }));
}

describe("ForecastPanel", () => {
  it("shows the finish, the days and the leads in the campaign's timezone, with sender names", () => {
    const html = render(forecast);
    // 15:30 UTC is 16:30 in Paris; 08:05 UTC is 09:05.
    expect(html).toContain("Mar 4, 2026, 4:30 PM");
    expect(html).toContain("Mar 2, 2026, 9:05 AM");
    expect(html).toContain("Mon, Mar 2");
    expect(html).toContain("Tue, Mar 3");
    expect(html).toContain("Dana Fischer");
    expect(html).toContain("acc_eli");
    expect(html).toContain('title="1 invitation, 2 profile views"');
    expect(html).toContain("Maya Chen");
    // A lead the forecast has no name for is never shown by its id.
    expect(html).toContain("Unnamed lead");
    // (Its id is only in the link to its page, never in the text.)
    expect(html.replace(/<[^>]*>/g, " ")).not.toContain("led_2");
    expect(html).toContain("Not within the forecast");
    expect(html).toContain("2 · last Connection request");
    expect(html).toContain("Sandbox model");
    expect(html).toContain("Senders act between 09:00 and 19:00 on weekdays");
  });

  it("names steps as the campaign does (\"#2 Connection request\") when given the sequence's step names", () => {
    const stepNames = new Map([
      ["st_visit", "#1 Visit profile"],
      ["st_invite", "#2 Connection request"],
    ]);
    const html = renderToStaticMarkup(createElement(ForecastPanel, { forecast, stepNames }));
    expect(html).toContain("2 · last #2 Connection request");
    expect(html).toContain("#1 Visit profile: Mar 2, 2026, 9:05 AM");
    expect(html).not.toContain("st_invite");
  });

  it("says when the campaign does not finish within the horizon and when the lead list is cut", () => {
    const html = render({ ...forecast, finishAt: null, leadsTruncated: true, totals: { ...forecast.totals, leads: 4200 } });
    expect(html).toContain("Not within the forecast");
    expect(html).toContain("The first 2 leads; the totals and days above count all 4200.");
  });

  it("has an empty state for a forecast without actions", () => {
    const html = render({ ...forecast, days: [{ date: "2026-03-02", total: 0, senders: [], mailboxes: [] }], leads: [], assumptions: [] });
    expect(html).toContain("No action is expected within the forecast.");
    expect(html).toContain("The campaign has no leads to forecast.");
    expect(html).not.toContain("Assumptions");
    expect(html).not.toContain("Opened");
  });

  it("shows each mailbox's e-mails per day beside the senders, the e-mail total and each lead's mailbox, by name", () => {
    const html = renderToStaticMarkup(
      createElement(ForecastPanel, {
        forecast: {
          ...forecast,
          totals: { ...forecast.totals, emails: 5, emailsOpened: 3, emailsClicked: 1 },
          days: [{ ...forecast.days[0]!, total: 9, mailboxes: [{ emailAccountId: "mbx_ada", emails: 5 }] }],
          leads: [{ ...forecast.leads[0]!, emailAccountId: "mbx_ada" }],
        },
        senderNames: new Map([["acc_dana", "Dana Fischer"]]),
        mailboxNames: new Map([["mbx_ada", "ada@acme.test"]]),
      }),
    );
    expect(html).toContain("E-mails");
    expect(html).toMatch(/Opened<\/dt><dd[^>]*>3</);
    expect(html).toMatch(/Clicked<\/dt><dd[^>]*>1</);
    expect(html).toContain('title="5 e-mails"');
    expect(html).toContain("Mailbox");
    expect(html.replace(/<[^>]*>/g, " ")).not.toContain("mbx_ada");
    expect(html.match(/ada@acme\.test/g)?.length).toBe(3);
  });

  it("answers the A/B planner's question per step with variants, and says nothing of tests without any", () => {
    const text = "#2 Message: at the forecast's pace each variant reaches about 120 leads in 45 days; detecting a 5-point difference needs about 690 per variant — not within the forecast.";
    const html = render({ ...forecast, experiments: [{ stepId: "st_thanks", label: "#2 Message", variants: 2, promotedVariantId: null, perVariant: 120, neededPerVariant: 686, expectedBy: null, text }] });
    expect(html).toContain("A/B tests");
    expect(html).toContain(text.replace("'", "&#x27;"));
    expect(render(forecast)).not.toContain("A/B tests");
  });

  it("leaves out the Sender column of an e-mail campaign, whose leads have a mailbox and no sender", () => {
    const html = renderToStaticMarkup(
      createElement(ForecastPanel, {
        forecast: { ...forecast, leads: [{ ...forecast.leads[0]!, name: "jane@acme.test", linkedinAccountId: null, emailAccountId: "mbx_ada" }] },
        mailboxNames: new Map([["mbx_ada", "ada@acme.test"]]),
      }),
    );
    expect(html).toContain("jane@acme.test");
    expect(html).toContain(">Mailbox<");
    expect(html).not.toContain(">Sender<");
    expect(html).not.toContain(">None<");
  });
});
