// Herald's activity on a HubSpot contact: a note (POST /crm/v3/objects/notes with hs_timestamp and
// hs_note_body), associated to the contact in the same call (HubSpot-defined type 202, note →
// contact), as HubSpot documents for engagements.
import { AssociationTypes } from "@hubspot/api-client";
import { AssociationSpecAssociationCategoryEnum } from "@hubspot/api-client/lib/codegen/crm/objects/notes";
import type { CrmActivity, CrmRecordRef } from "../types";
import { callHubspot } from "./errors";
import type { HubspotContext } from "./contacts";
import { contactRef } from "./contacts";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The note's body: HubSpot shows hs_note_body as rich text, so Herald's text is escaped and its lines kept. */
export function noteBody(activity: CrmActivity): string {
  const paragraphs = [`<p><strong>${escapeHtml(activity.subject)}</strong></p>`];
  const body = activity.body.trim();
  if (body) paragraphs.push(`<p>${escapeHtml(body).replace(/\r?\n/g, "<br>")}</p>`);
  if (activity.interest) paragraphs.push(`<p>Interest: ${escapeHtml(activity.interest)}</p>`);
  return paragraphs.join("");
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
