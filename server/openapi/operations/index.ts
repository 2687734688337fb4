// Every operation of the public API, assembled once for the OpenAPI document.
import type { ApiOperation } from "../../http/api-operation";
import { listCreditLedgerOperation } from "./credits/list-credit-ledger";
import { getOpenApiDocumentOperation } from "./meta/get-openapi-document";
import { getCurrentWorkspaceOperation } from "./workspaces/get-current-workspace";
import { getWorkspaceOperation } from "./workspaces/get-workspace";
import { listWorkspacesOperation } from "./workspaces/list-workspaces";
import { updateCurrentWorkspaceOperation } from "./workspaces/update-current-workspace";
import { answerSenderCheckpointOperation } from "./senders/answer-sender-checkpoint";
import { connectSenderOperation } from "./senders/connect-sender";
import { createSenderHostedLinkOperation } from "./senders/create-sender-hosted-link";
import { likeLatestPostOperation } from "./senders/like-latest-post";
import { sendConnectionRequestOperation } from "./senders/send-connection-request";
import { visitProfileOperation } from "./senders/visit-profile";
import { disconnectSenderOperation } from "./senders/disconnect-sender";
import { getSenderOperation } from "./senders/get-sender";
import { getSenderCheckpointOperation } from "./senders/get-sender-checkpoint";
import { getSenderHostedLinkOperation } from "./senders/get-sender-hosted-link";
import { listSendersOperation } from "./senders/list-senders";
import { pauseSenderOperation } from "./senders/pause-sender";
import { resumeSenderOperation } from "./senders/resume-sender";
import { reconnectSenderOperation } from "./senders/reconnect-sender";
import { updateSenderOperation } from "./senders/update-sender";
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
  connectSenderOperation,
  listSendersOperation,
  getSenderOperation,
  updateSenderOperation,
  disconnectSenderOperation,
  getSenderCheckpointOperation,
  answerSenderCheckpointOperation,
  createSenderHostedLinkOperation,
  getSenderHostedLinkOperation,
  reconnectSenderOperation,
  pauseSenderOperation,
  resumeSenderOperation,
  sendConnectionRequestOperation,
  visitProfileOperation,
  likeLatestPostOperation,
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
