// Shapes shared by every resource: envelopes, paging, timestamps, errors.
import { z } from "zod";
import "zod-openapi";
import { errorCodes } from "../lib/errors";

export const ZTimestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 date-time in UTC", example: "2026-11-21T09:30:00.000Z" });

/** Query of every offset-paged list. */
export const ZPaginationQuery = z.object({
  limit: z.coerce
    .number({ message: "must be an integer from 1 to 100" })
    .int("must be an integer from 1 to 100")
    .min(1, "must be an integer from 1 to 100")
    .max(100, "must be an integer from 1 to 100")
    .default(50)
    .meta({ description: "Page size, 1 to 100", example: 50 }),
  offset: z.coerce
    .number({ message: "must be an integer >= 0" })
    .int("must be an integer >= 0")
    .min(0, "must be an integer >= 0")
    .default(0)
    .meta({ description: "Number of items to skip", example: 0 }),
});
export type TPaginationQuery = z.infer<typeof ZPaginationQuery>;

export const ZPaging = z.object({ limit: z.number().int(), offset: z.number().int() }).meta({ id: "Paging" });
export const ZPagingWithTotal = ZPaging.extend({ total: z.number().int() }).meta({ id: "PagingWithTotal" });

export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export function listEnvelope<T extends z.ZodType>(schema: T, options: { total?: boolean } = {}) {
  return z.object({ data: z.array(schema), paging: options.total ? ZPagingWithTotal : ZPaging });
}

export const ZFieldIssue = z.object({
  field: z.string().meta({ description: "Dotted path of the offending input, e.g. `sequence.steps.2.type`" }),
  message: z.string(),
});

export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).meta({ description: "Stable code to branch on", example: "invalid-input" }),
      message: z.string().meta({ description: "Plain-language explanation" }),
      details: z
        .object({ fields: z.array(ZFieldIssue).optional() })
        .catchall(z.unknown())
        .optional()
        .meta({ description: "For 400 invalid-input, `fields` names each offending field" }),
    }),
  })
  .meta({ id: "Error" });

export function toIso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
