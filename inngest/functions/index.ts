// Every Inngest function Herald serves at /api/inngest.
import { advanceSandboxNetworkFunction } from "./advance-sandbox-network";
import { checkMailboxDnsFunction } from "./check-mailbox-dns";
import { checkTrackingDomainsFunction } from "./check-tracking-domains";
import { deliverWebhook } from "./deliver-webhook";
import { deliverWebhookBatch } from "./deliver-webhook-batch";
import { dispatchOutbox } from "./dispatch-outbox";
import { importLinkedinSearch } from "./import-linkedin-search";
import { pollMailboxes } from "./poll-mailboxes";
import { promoteWinningVariantsFunction } from "./promote-winning-variants";
import { provisionMailboxOrder } from "./provision-mailbox-order";
import { purgeExpiredRecords } from "./purge-expired-records";
import { readMailboxFunction } from "./read-mailbox";
import { refreshDnsHealthFunction } from "./refresh-dns-health";
import { refreshSenderStatsFunction } from "./refresh-sender-stats";
import { restartStalledMailboxOrdersFunction } from "./restart-stalled-mailbox-orders";
import { retryPendingRefunds } from "./retry-pending-refunds";
import { renewManagedMailboxes } from "./renew-managed-mailboxes";
import { runCampaignExecutor } from "./run-campaign-executor";
import { runDeliverabilityTest } from "./run-deliverability-test";
import { runWarmupPass } from "./run-warmup-pass";
import { scheduleCrmSyncs } from "./schedule-crm-syncs";
import { syncCrm } from "./sync-crm";
import { syncSenderConversationsFunction } from "./sync-sender-conversations";
import { takeMailboxTurnFunction } from "./take-mailbox-turn";
import { takeSenderTurnFunction } from "./take-sender-turn";
import { verifyAddressJob } from "./verify-address-job";
import { watchSenderCheckpoint } from "./watch-sender-checkpoint";

export const functions = [
  dispatchOutbox,
  deliverWebhook,
  deliverWebhookBatch,
  purgeExpiredRecords,
  advanceSandboxNetworkFunction,
  refreshSenderStatsFunction,
  runCampaignExecutor,
  takeSenderTurnFunction,
  takeMailboxTurnFunction,
  pollMailboxes,
  readMailboxFunction,
  importLinkedinSearch,
  watchSenderCheckpoint,
  syncSenderConversationsFunction,
  refreshDnsHealthFunction,
  checkMailboxDnsFunction,
  checkTrackingDomainsFunction,
  runDeliverabilityTest,
  runWarmupPass,
  provisionMailboxOrder,
  restartStalledMailboxOrdersFunction,
  retryPendingRefunds,
  renewManagedMailboxes,
  promoteWinningVariantsFunction,
  verifyAddressJob,
  scheduleCrmSyncs,
  syncCrm,
];
