// Herald's own feeds of the do-not-contact list (issue 37, point 2): an unsubscribe, a spam complaint
// and a hard bounce put the address on the list, with their reason, in the transaction that records
// them; a workspace that keeps LinkedIn steps going after an opt-out keeps only the opt-out for the
// first two (the list refuses every channel). A listed address's lead is refused at its next step.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { bounceMessage, complaintMessage } from "@/server/providers/mail/sandbox/report-messages";
import { THREE_EMAILS } from "@/server/test/email-campaign";
import { campaignWithFirstEmails, incoming, originalOf } from "@/server/test/incoming-email";
import { unsubscribeAddress } from "../campaigns/unsubscribe-address";
import { recordIncomingEmail } from "../mail/inbound/record-incoming-email";
import { findListedPeople } from "./find-listed-people";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

const ADDRESS = "Ann@Prospect.example";

async function sentToAnn() {
  const setup = await campaignWithFirstEmails({ sequence: THREE_EMAILS, leads: [{ email: ADDRESS, firstName: "Ann" }] });
  return { ...setup, sent: setup.byAddress(ADDRESS) };
}

const entriesOf = (workspaceId: string) => db.doNotContactEntry.findMany({ where: { workspaceId }, select: { kind: true, value: true, reason: true, createdBy: true } });

describe("the do-not-contact list's feeds", () => {
  it("an unsubscribe lists the address, once however often the link is used", async () => {
    const { workspace, sent } = await sentToAnn();
    await unsubscribeAddress({ workspaceId: workspace.id, address: sent.toAddress, source: "page", emailMessageId: sent.id });
    await unsubscribeAddress({ workspaceId: workspace.id, address: sent.toAddress, source: "one-click", emailMessageId: sent.id });
    expect(await entriesOf(workspace.id)).toEqual([{ kind: "email", value: "ann@prospect.example", reason: "unsubscribed", createdBy: null }]);
    const listed = await findListedPeople(workspace.id, [{ id: "someone", email: "ann@prospect.example" }]);
    expect(listed.get("someone")).toMatchObject({ kind: "email", value: "ann@prospect.example", reason: "unsubscribed", shared: false });
  });

  it("a spam complaint lists the address", async () => {
    const { workspace, mailbox, sent } = await sentToAnn();
    expect(await recordIncomingEmail(mailbox, await incoming(complaintMessage(originalOf(sent), { at: now() })), null)).toBe("complaint");
    expect(await entriesOf(workspace.id)).toEqual([{ kind: "email", value: "ann@prospect.example", reason: "complaint", createdBy: null }]);
  });

  it("a workspace that keeps LinkedIn steps going after an opt-out keeps only the opt-out for an unsubscribe or a complaint", async () => {
    const { workspace, mailbox, sent } = await sentToAnn();
    await db.workspace.update({ where: { id: workspace.id }, data: { optOutStopsLinkedin: false } });
    await recordIncomingEmail(mailbox, await incoming(complaintMessage(originalOf(sent), { at: now() })), null);
    await unsubscribeAddress({ workspaceId: workspace.id, address: sent.toAddress, source: "page", emailMessageId: sent.id });
    expect(await entriesOf(workspace.id)).toEqual([]);
    expect(await db.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } })).toMatchObject({ emailOptOut: true });
  });

  it("a hard bounce lists the dead address; a soft one does not", async () => {
    const soft = await sentToAnn();
    expect(await recordIncomingEmail(soft.mailbox, await incoming(bounceMessage(originalOf(soft.sent), { kind: "soft", at: now() })), null)).toBe("bounce");
    expect(await entriesOf(soft.workspace.id)).toEqual([]);

    const hard = await sentToAnn();
    expect(await recordIncomingEmail(hard.mailbox, await incoming(bounceMessage(originalOf(hard.sent), { kind: "hard", at: now() })), null)).toBe("bounce");
    expect(await entriesOf(hard.workspace.id)).toEqual([{ kind: "email", value: "ann@prospect.example", reason: "bounce", createdBy: null }]);
  });
});
