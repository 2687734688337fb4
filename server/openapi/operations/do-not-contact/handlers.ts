// The handlers of the do-not-contact operations, beside their operations in this folder (registry.ts lists them).
import { apiHandler } from "../../../http/api-handler";
import { checkDoNotContact } from "../../../services/do-not-contact/check-do-not-contact";
import { createDoNotContactEntries } from "../../../services/do-not-contact/create-do-not-contact-entries";
import { exportDoNotContactCsv } from "../../../services/do-not-contact/export-do-not-contact-csv";
import { importDoNotContactCsv } from "../../../services/do-not-contact/import-do-not-contact-csv";
import { listDoNotContactEntries } from "../../../services/do-not-contact/list-do-not-contact-entries";
import { removeDoNotContactEntry } from "../../../services/do-not-contact/remove-do-not-contact-entry";
import { addDoNotContactEntriesOperation } from "./add-do-not-contact-entries";
import { checkDoNotContactOperation } from "./check-do-not-contact";
import { exportDoNotContactCsvOperation } from "./export-do-not-contact-csv";
import { importDoNotContactCsvOperation } from "./import-do-not-contact-csv";
import { listDoNotContactEntriesOperation } from "./list-do-not-contact-entries";
import { removeDoNotContactEntryOperation } from "./remove-do-not-contact-entry";

export const doNotContactHandlers = [
  // GET /api/v1/do-not-contact – the list, newest first
  apiHandler(listDoNotContactEntriesOperation, async ({ actor, query }) => listDoNotContactEntries(actor, query)),
  // POST /api/v1/do-not-contact – add entries (reason "api")
  apiHandler(addDoNotContactEntriesOperation, async ({ actor, body }) => createDoNotContactEntries(actor, body, "api")),
  // DELETE /api/v1/do-not-contact/{id} – remove an entry
  apiHandler(removeDoNotContactEntryOperation, async ({ actor, params }) => {
    await removeDoNotContactEntry(actor, params.id);
    return { data: { id: params.id, removed: true as const } };
  }),
  // POST /api/v1/do-not-contact/import – a CSV file's entries
  apiHandler(importDoNotContactCsvOperation, async ({ actor, body }) => importDoNotContactCsv(actor, body)),
  // GET /api/v1/do-not-contact/export – CSV
  apiHandler(exportDoNotContactCsvOperation, async ({ actor }) => exportDoNotContactCsv(actor)),
  // GET /api/v1/do-not-contact/check – whether and why a person is refused
  apiHandler(checkDoNotContactOperation, async ({ actor, query }) => checkDoNotContact(actor, query)),
];
