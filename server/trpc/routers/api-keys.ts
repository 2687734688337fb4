import { z } from "zod";
import { ZCreateApiKeyInput, ZUpdateApiKeyBudgetInput } from "../../schemas/api-key";
import { createApiKey } from "../../services/api-keys/create-api-key";
import { listApiKeys } from "../../services/api-keys/list-api-keys";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key";
import { updateApiKeyBudget } from "../../services/api-keys/update-api-key-budget";
import { router, workspaceProcedure } from "../init";

export const apiKeysRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listApiKeys(ctx.actor)),
  create: workspaceProcedure.input(ZCreateApiKeyInput).mutation(({ ctx, input }) => createApiKey(ctx.actor, input)),
  revoke: workspaceProcedure
    .input(z.object({ apiKeyId: z.string() }))
    .mutation(({ ctx, input }) => revokeApiKey(ctx.actor, input.apiKeyId)),
  updateBudget: workspaceProcedure.input(ZUpdateApiKeyBudgetInput).mutation(({ ctx, input }) => updateApiKeyBudget(ctx.actor, input)),
});
