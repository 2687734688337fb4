// Every operation of the public API, assembled once for the OpenAPI document.
import type { ApiOperation } from "../../http/api-operation";
import { listCreditLedgerOperation } from "./credits/list-credit-ledger";
import { getOpenApiDocumentOperation } from "./meta/get-openapi-document";
import { getCurrentWorkspaceOperation } from "./workspaces/get-current-workspace";
import { getWorkspaceOperation } from "./workspaces/get-workspace";
import { listWorkspacesOperation } from "./workspaces/list-workspaces";
import { updateCurrentWorkspaceOperation } from "./workspaces/update-current-workspace";
import { createWebhookOperation } from "./webhooks/create-webhook";
import { deleteWebhookOperation } from "./webhooks/delete-webhook";
import { getWebhookOperation } from "./webhooks/get-webhook";
import { getWebhookDeliveryOperation } from "./webhooks/get-webhook-delivery";
import { listWebhookDeliveriesOperation } from "./webhooks/list-webhook-deliveries";
import { listWebhooksOperation } from "./webhooks/list-webhooks";
import { retryWebhookDeliveryOperation } from "./webhooks/retry-webhook-delivery";
import { testWebhookOperation } from "./webhooks/test-webhook";
import { updateWebhookOperation } from "./webhooks/update-webhook";

export const operations: ApiOperation[] = [
  getOpenApiDocumentOperation,
  getCurrentWorkspaceOperation,
  updateCurrentWorkspaceOperation,
  listWorkspacesOperation,
  getWorkspaceOperation,
  listCreditLedgerOperation,
  createWebhookOperation,
  listWebhooksOperation,
  getWebhookOperation,
  updateWebhookOperation,
  deleteWebhookOperation,
  testWebhookOperation,
  listWebhookDeliveriesOperation,
  getWebhookDeliveryOperation,
  retryWebhookDeliveryOperation,
];
