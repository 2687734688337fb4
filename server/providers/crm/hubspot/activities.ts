// Herald's activity on a HubSpot contact: a note (POST /crm/v3/objects/notes with hs_timestamp and
// hs_note_body), associated to the contact in the same call (HubSpot-defined type 202, note →
// contact), as HubSpot documents for engagements.
import { AssociationTypes } from "@hubspot/api-client";
import { AssociationSpecAssociationCategoryEnum } from "@hubspot/api-client/lib/codegen/crm/objects/notes/index.js";
import type { CrmActivity, CrmRecordRef } from "../types";
import { callHubspot } from "./errors";
import type { HubspotContext } from "./contacts";
import { contactRef } from "./contacts";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** HubSpot keeps at most 65,536 characters of a note's body (markup included): a long e-mail is cut, with room to spare. */
const NOTE_BODY_LIMIT = 60_000;

/** Cuts escaped text to `limit` characters without leaving half an entity or tag at the end. */
function cutMarkup(markup: string, limit: number): string {
  if (markup.length <= limit) return markup;
  return `${markup.slice(0, Math.max(0, limit)).replace(/&[a-z#0-9]*$|<[^>]*$/i, "")}…`;
}

/** The note's body: HubSpot shows hs_note_body as rich text, so Herald's text is escaped and its lines kept. */
export function noteBody(activity: CrmActivity): string {
  const subject = `<p><strong>${cutMarkup(escapeHtml(activity.subject), 1_000)}</strong></p>`;
  const interest = activity.interest ? `<p>Interest: ${cutMarkup(escapeHtml(activity.interest), 200)}</p>` : "";
  const text = escapeHtml(activity.body.trim()).replace(/\r?\n/g, "<br>");
  const body = text ? `<p>${cutMarkup(text, NOTE_BODY_LIMIT - subject.length - interest.length - 10)}</p>` : "";
  return subject + body + interest;
}

export async function logActivity(context: HubspotContext, contactId: string, activity: CrmActivity): Promise<CrmRecordRef> {
  const note = await callHubspot("log the activity on the contact", () =>
    context.api.crm.objects.notes.basicApi.create({
      properties: { hs_timestamp: activity.occurredAt.toISOString(), hs_note_body: noteBody(activity) },
      associations: [
        {
          to: { id: contactId },
          types: [{ associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId: AssociationTypes.noteToContact }],
        },
      ],
    }),
  );
  // A note has no page of its own in HubSpot: the link is the contact's, where the note shows.
  return { id: note.id, url: (await contactRef(context, contactId)).url };
}
