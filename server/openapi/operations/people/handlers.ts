// The handlers of the people (privacy) operations, beside their operations in this folder (registry.ts lists them).
import { apiHandler } from "../../../http/api-handler";
import { erasePerson } from "../../../services/privacy/erase-person";
import { exportPerson } from "../../../services/privacy/export-person";
import { erasePersonOperation } from "./erase-person";
import { exportPersonOperation } from "./export-person";

export const peopleHandlers = [
  // POST /api/v1/people/erase – erase a person everywhere, leaving a hashed do-not-contact entry
  apiHandler(erasePersonOperation, async ({ actor, body }) => ({ data: await erasePerson(actor, body) })),
  // GET /api/v1/people/export – everything held about a person, as JSON
  apiHandler(exportPersonOperation, async ({ actor, query }) => ({ data: await exportPerson(actor, query) })),
];
