// Address verification for the dashboard: one address, a job over a list's or a campaign's leads
// (or given addresses), and a job's progress. The same services and schemas as /api/v1/verification.
import { z } from "zod";
import { verificationProbeFrom } from "../../env";
import { ZStartVerificationJobInput, ZVerificationJobIdParams, ZVerificationLookupQuery, ZVerifyAddressInput } from "../../schemas/verification";
import { getAddressVerification } from "../../services/verification/get-address-verification";
import { findAddressVerifications } from "../../services/verification/find-address-verifications";
import { getVerificationJob } from "../../services/verification/get-verification-job";
import { startLeadSetVerification } from "../../services/verification/start-lead-set-verification";
import { startVerificationJob } from "../../services/verification/start-verification-job";
import { verifyAddress } from "../../services/verification/verify-address";
import { router, workspaceProcedure } from "../init";

const ZLeadSet = z.union([z.object({ listId: z.string().min(1) }), z.object({ campaignId: z.string().min(1) })]);

export const verificationRouter = router({
  verify: workspaceProcedure.input(ZVerifyAddressInput).mutation(({ ctx, input }) => verifyAddress(ctx.actor, input)),
  get: workspaceProcedure.input(ZVerificationLookupQuery).query(({ ctx, input }) => getAddressVerification(ctx.actor, input.email, input.targetsCompanies)),
  startJob: workspaceProcedure.input(ZStartVerificationJobInput).mutation(({ ctx, input }) => startVerificationJob(ctx.actor, input, "dashboard")),
  verifyLeads: workspaceProcedure.input(ZLeadSet).mutation(({ ctx, input }) => startLeadSetVerification(ctx.actor, input)),
  forAddresses: workspaceProcedure
    .input(z.object({ emails: z.array(z.string().max(320)).max(1000), targetsCompanies: z.boolean().default(true) }))
    .query(({ ctx, input }) => findAddressVerifications(ctx.actor, input.emails, input.targetsCompanies)),
  /** The address the catch-all probe gives as its sender (the installation's, never a mailbox's), for the settings' words. */
  probeAddress: workspaceProcedure.query(() => ({ from: verificationProbeFrom() })),
  job: workspaceProcedure.input(ZVerificationJobIdParams).query(({ ctx, input }) => getVerificationJob(ctx.actor, input.id)),
});
