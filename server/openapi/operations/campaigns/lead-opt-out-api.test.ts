// An unsubscribe opts the address out on every lead of the workspace with it (spec, email.unsubscribed):
// the lead resources say so, so that an API consumer can read and audit opt-outs without the event.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { optOutEmailAddress } from "@/server/services/campaigns/opt-out-email-address";
import { profile, workspace } from "@/server/test/campaigns-api";
import { callApi } from "@/server/test/call-api";

afterEach(() => setClock(systemClock));

describe("emailOptOut on the lead resources", () => {
  it("shows the opt-out and its time on campaign leads and list leads, and false on the others", async () => {
    const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
    setClock(clock);
    const { api, key, workspace: row } = await workspace();
    const campaign = (await api.create({})).body!.data.id as string;
    await api.addLeads(campaign, [{ email: "gone@prospect.example" }, { profileUrl: profile(0), email: "stays@prospect.example" }]);
    const list = (await callApi("POST", "/lead-lists", { key, body: { name: "Prospects" } })).body!.data.id as string;
    await callApi("POST", `/lead-lists/${list}/leads`, { key, body: { leads: [{ email: "GONE@prospect.example" }] } });

    const before = await api.leads(campaign);
    expect(before.body!.data.map((lead: { emailOptOut: boolean; emailOptOutAt: string | null }) => [lead.emailOptOut, lead.emailOptOutAt])).toEqual([
      [false, null],
      [false, null],
    ]);

    const at = new Date("2026-03-02T11:30:00Z");
    await db.$transaction((tx) => optOutEmailAddress(tx, { workspaceId: row.id, address: "gone@prospect.example", at }));

    const listed = await api.leads(campaign);
    expect(listed.body!.data).toEqual([
      expect.objectContaining({ email: "gone@prospect.example", emailOptOut: true, emailOptOutAt: at.toISOString() }),
      expect.objectContaining({ email: "stays@prospect.example", emailOptOut: false, emailOptOutAt: null }),
    ]);
    const one = await api.lead(campaign, listed.body!.data[0].leadId);
    expect(one.body!.data).toMatchObject({ emailOptOut: true, emailOptOutAt: at.toISOString() });
    const onList = await callApi("GET", `/lead-lists/${list}/leads`, { key });
    expect(onList.body!.data).toEqual([expect.objectContaining({ email: "gone@prospect.example", emailOptOut: true, emailOptOutAt: at.toISOString() })]);
  });
});
