import { z } from "zod";
import {
  ZAddDoNotContactInput,
  ZDoNotContactCheckQuery,
  ZDoNotContactSharing,
  ZImportDoNotContactInput,
  ZListDoNotContactQuery,
} from "../../schemas/do-not-contact";
import { checkDoNotContact } from "../../services/do-not-contact/check-do-not-contact";
import { createDoNotContactEntries } from "../../services/do-not-contact/create-do-not-contact-entries";
import { exportDoNotContactCsv } from "../../services/do-not-contact/export-do-not-contact-csv";
import { findLeadListing } from "../../services/do-not-contact/find-lead-listing";
import { getDoNotContactSharing } from "../../services/do-not-contact/get-do-not-contact-sharing";
import { importDoNotContactCsv } from "../../services/do-not-contact/import-do-not-contact-csv";
import { listDoNotContactEntries } from "../../services/do-not-contact/list-do-not-contact-entries";
import { removeDoNotContactEntry } from "../../services/do-not-contact/remove-do-not-contact-entry";
import { setDoNotContactSharing } from "../../services/do-not-contact/set-do-not-contact-sharing";
import { router, workspaceProcedure } from "../init";

export const doNotContactRouter = router({
  list: workspaceProcedure.input(ZListDoNotContactQuery).query(({ ctx, input }) => listDoNotContactEntries(ctx.actor, input)),
  // The dashboard's entries are "Added by hand".
  add: workspaceProcedure.input(ZAddDoNotContactInput).mutation(({ ctx, input }) => createDoNotContactEntries(ctx.actor, input, "manual")),
  remove: workspaceProcedure.input(z.object({ id: z.string().min(1) })).mutation(({ ctx, input }) => removeDoNotContactEntry(ctx.actor, input.id)),
  importCsv: workspaceProcedure.input(ZImportDoNotContactInput).mutation(({ ctx, input }) => importDoNotContactCsv(ctx.actor, input)),
  exportCsv: workspaceProcedure.query(({ ctx }) => exportDoNotContactCsv(ctx.actor)),
  check: workspaceProcedure.input(ZDoNotContactCheckQuery).query(({ ctx, input }) => checkDoNotContact(ctx.actor, input)),
  forLead: workspaceProcedure.input(z.object({ leadId: z.string().min(1) })).query(({ ctx, input }) => findLeadListing(ctx.actor, input.leadId)),
  sharing: workspaceProcedure.query(({ ctx }) => getDoNotContactSharing(ctx.actor)),
  setSharing: workspaceProcedure.input(ZDoNotContactSharing).mutation(({ ctx, input }) => setDoNotContactSharing(ctx.actor, input)),
});
