// Settings → Integrations: the CRM cards, connecting (the browser is sent to the CRM), the connected
// CRM's settings and pickers, "Sync now", list import, the sync log, disconnect.
import { z } from "zod";
import { publicUrl } from "../../env";
import { ZPaginationQuery } from "../../schemas/common";
import { ZCrmConnectionIdParams, ZCrmProviderName, ZImportCrmListInput, ZUpdateCrmSettingsInput } from "../../schemas/crm";
import { crmOauthCookie } from "../../services/crm/crm-oauth-state";
import { disconnectCrm } from "../../services/crm/disconnect-crm";
import { getCrmConnection } from "../../services/crm/get-crm-connection";
import { getCrmDefaultMapping } from "../../services/crm/get-crm-default-mapping";
import { importCrmList } from "../../services/crm/import-crm-list";
import { listCrmFields } from "../../services/crm/list-crm-fields";
import { listCrmIntegrations } from "../../services/crm/list-crm-connections";
import { listCrmLists } from "../../services/crm/list-crm-lists";
import { listCrmPipelines } from "../../services/crm/list-crm-pipelines";
import { listCrmSyncLog } from "../../services/crm/list-crm-sync-log";
import { requestCrmSync } from "../../services/crm/request-crm-sync";
import { startCrmConnect } from "../../services/crm/start-crm-connect";
import { updateCrmSettings } from "../../services/crm/update-crm-settings";
import { router, workspaceProcedure } from "../init";

const ZId = ZCrmConnectionIdParams;

export const crmRouter = router({
  integrations: workspaceProcedure.query(({ ctx }) => listCrmIntegrations(ctx.actor)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getCrmConnection(ctx.actor, input.id)),
  // The nonce goes only into the HttpOnly cookie the callback checks, never to the page's script.
  connect: workspaceProcedure.input(z.object({ provider: ZCrmProviderName })).mutation(async ({ ctx, input }) => {
    const { authorizeUrl, browserNonce } = await startCrmConnect(ctx.actor, input.provider);
    ctx.resHeaders?.append("set-cookie", crmOauthCookie(browserNonce, publicUrl().startsWith("https:")));
    return { authorizeUrl };
  }),
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateCrmSettingsInput }))
    .mutation(({ ctx, input }) => updateCrmSettings(ctx.actor, input.id, input.changes)),
  defaultMapping: workspaceProcedure.input(z.object({ provider: ZCrmProviderName })).query(({ input }) => getCrmDefaultMapping(input.provider)),
  fields: workspaceProcedure.input(ZId).query(({ ctx, input }) => listCrmFields(ctx.actor, input.id)),
  pipelines: workspaceProcedure.input(ZId).query(({ ctx, input }) => listCrmPipelines(ctx.actor, input.id)),
  lists: workspaceProcedure.input(ZId).query(({ ctx, input }) => listCrmLists(ctx.actor, input.id)),
  syncNow: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => requestCrmSync(ctx.actor, input.id)),
  importList: workspaceProcedure
    .input(z.object({ id: z.string(), list: ZImportCrmListInput }))
    .mutation(({ ctx, input }) => importCrmList(ctx.actor, input.id, input.list)),
  log: workspaceProcedure
    .input(ZId.extend({ limit: ZPaginationQuery.shape.limit, offset: ZPaginationQuery.shape.offset }))
    .query(({ ctx, input }) => listCrmSyncLog(ctx.actor, input.id, { limit: input.limit, offset: input.offset })),
  disconnect: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => disconnectCrm(ctx.actor, input.id)),
});
