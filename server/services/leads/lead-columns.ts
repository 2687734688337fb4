// The Json column of Lead (and of CampaignLead, which has the same one): `customVariables`, the
// lead's {{name}} values. Read with zod instead of a cast.
import { z } from "zod";
import { jsonColumnReader } from "../../lib/json-column";

export const readCustomVariables = jsonColumnReader(z.record(z.string(), z.string()), "custom variables");
