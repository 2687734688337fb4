// Every operation of the public API, assembled once for the OpenAPI document.
import type { ApiOperation } from "../../http/api-operation";
import { getFileOperation } from "./files/get-file";
import { disconnectCrmConnectionOperation } from "./crm/disconnect-crm-connection";
import { getCrmConnectionOperation } from "./crm/get-crm-connection";
import { listCrmConnectionsOperation } from "./crm/list-crm-connections";
import { listCrmSyncLogOperation } from "./crm/list-crm-sync-log";
import { syncCrmConnectionOperation } from "./crm/sync-crm-connection";
import { updateCrmConnectionOperation } from "./crm/update-crm-connection";
import { uploadFileOperation } from "./files/upload-file";
import { listCreditLedgerOperation } from "./credits/list-credit-ledger";
import { getOpenApiDocumentOperation } from "./meta/get-openapi-document";
import { getCurrentWorkspaceOperation } from "./workspaces/get-current-workspace";
import { getWorkspaceOperation } from "./workspaces/get-workspace";
import { listWorkspacesOperation } from "./workspaces/list-workspaces";
import { updateCurrentWorkspaceOperation } from "./workspaces/update-current-workspace";
import { createMailboxHostedLinkOperation } from "./mail/connect/create-mailbox-hosted-link";
import { getMailboxHostedLinkOperation } from "./mail/connect/get-mailbox-hosted-link";
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
import { listVoicesOperation } from "./senders/list-voices";
import { connectMailboxOperation } from "./mail/mailboxes/connect-mailbox";
import { getWarmupOperation } from "./mail/warmup/get-warmup";
import { startWarmupOperation } from "./mail/warmup/start-warmup";
import { stopWarmupOperation } from "./mail/warmup/stop-warmup";
import { resumeWarmupOperation } from "./mail/warmup/resume-warmup";
import { changeWarmupStrategyOperation } from "./mail/warmup/change-warmup-strategy";
import { getWarmupHistoryOperation } from "./mail/warmup/get-warmup-history";
import { listMailboxesOperation } from "./mail/mailboxes/list-mailboxes";
import { getMailboxOperation } from "./mail/mailboxes/get-mailbox";
import { updateMailboxOperation } from "./mail/mailboxes/update-mailbox";
import { removeMailboxOperation } from "./mail/mailboxes/remove-mailbox";
import { pauseMailboxOperation } from "./mail/mailboxes/pause-mailbox";
import { runDeliverabilityTestOperation } from "./mail/mailboxes/run-deliverability-test";
import { resumeMailboxOperation } from "./mail/mailboxes/resume-mailbox";
import { cancelManagedMailboxOperation } from "./mail/mailboxes/cancel-managed-mailbox";
import { getMailboxPerformanceOperation } from "./mail/mailboxes/get-mailbox-performance";
import { checkMailboxDnsOperation } from "./mail/mailboxes/check-mailbox-dns";
import { createWebhookOperation } from "./webhooks/create-webhook";
import { deleteWebhookOperation } from "./webhooks/delete-webhook";
import { getWebhookOperation } from "./webhooks/get-webhook";
import { getWebhookDeliveryOperation } from "./webhooks/get-webhook-delivery";
import { listWebhookDeliveriesOperation } from "./webhooks/list-webhook-deliveries";
import { listWebhooksOperation } from "./webhooks/list-webhooks";
import { retryWebhookDeliveryOperation } from "./webhooks/retry-webhook-delivery";
import { testWebhookOperation } from "./webhooks/test-webhook";
import { updateWebhookOperation } from "./webhooks/update-webhook";
import { createCampaignOperation } from "./campaigns/create-campaign";
import { listCampaignsOperation } from "./campaigns/list-campaigns";
import { getCampaignOperation } from "./campaigns/get-campaign";
import { getCampaignFunnelOperation } from "./campaigns/get-campaign-funnel";
import { getCampaignExperimentsOperation } from "./campaigns/get-campaign-experiments";
import { forecastCampaignOperation } from "./campaigns/forecast-campaign";
import { updateCampaignOperation } from "./campaigns/update-campaign";
import { deleteCampaignOperation } from "./campaigns/delete-campaign";
import { updateCampaignStepOperation } from "./campaigns/update-campaign-step";
import { addCampaignLeadsOperation } from "./campaigns/add-campaign-leads";
import { listCampaignLeadsOperation } from "./campaigns/list-campaign-leads";
import { getCampaignLeadOperation } from "./campaigns/get-campaign-lead";
import { getCampaignLeadTimelineOperation } from "./campaigns/get-campaign-lead-timeline";
import { getLeadOperation } from "./leads/get-lead";
import { stopCampaignLeadOperation } from "./campaigns/stop-campaign-lead";
import { pauseCampaignLeadOperation } from "./campaigns/pause-campaign-lead";
import { resumeCampaignLeadOperation } from "./campaigns/resume-campaign-lead";
import { rebalanceCampaignSenderOperation } from "./campaigns/rebalance-campaign-sender";
import { createLeadListOperation } from "./lead-lists/create-lead-list";
import { listLeadListsOperation } from "./lead-lists/list-lead-lists";
import { getLeadListOperation } from "./lead-lists/get-lead-list";
import { updateLeadListOperation } from "./lead-lists/update-lead-list";
import { deleteLeadListOperation } from "./lead-lists/delete-lead-list";
import { addLeadListLeadsOperation } from "./lead-lists/add-lead-list-leads";
import { listLeadListLeadsOperation } from "./lead-lists/list-lead-list-leads";
import { removeLeadListLeadOperation } from "./lead-lists/remove-lead-list-lead";
import { startLeadImportOperation } from "./lead-imports/start-lead-import";
import { listLeadImportsOperation } from "./lead-imports/list-lead-imports";
import { getLeadImportOperation } from "./lead-imports/get-lead-import";
import { verifyAddressOperation } from "./verification/verify-address";
import { getAddressVerificationOperation } from "./verification/get-address-verification";
import { startVerificationJobOperation } from "./verification/start-verification-job";
import { getVerificationJobOperation } from "./verification/get-verification-job";
import { listVerificationJobResultsOperation } from "./verification/list-verification-job-results";
import { listConversationsOperation } from "./inbox/list-conversations";
import { getConversationOperation } from "./inbox/get-conversation";
import { updateConversationOperation } from "./inbox/update-conversation";
import { replyToConversationOperation } from "./inbox/reply-to-conversation";
import { listPendingCommentsOperation } from "./approvals/list-pending-comments";
import { approvePendingAiLineOperation } from "./ai-lines/approve-pending-ai-line";
import { editPendingAiLineOperation } from "./ai-lines/edit-pending-ai-line";
import { getPendingAiLineOperation } from "./ai-lines/get-pending-ai-line";
import { listPendingAiLinesOperation } from "./ai-lines/list-pending-ai-lines";
import { previewAiLinesOperation } from "./ai-lines/preview-ai-lines";
import { rejectPendingAiLineOperation } from "./ai-lines/reject-pending-ai-line";
import { listManualTasksOperation } from "./tasks/list-manual-tasks";
import { completeManualTaskOperation } from "./tasks/complete-manual-task";
import { setCampaignLeadOutcomeOperation } from "./campaigns/set-campaign-lead-outcome";
import { getAnalyticsOverviewOperation } from "./analytics/get-analytics-overview";
import { getAnalyticsBreakdownOperation } from "./analytics/get-analytics-breakdown";
import { listAnalyticsLeadsOperation } from "./analytics/list-analytics-leads";
import { exportAnalyticsOperation } from "./analytics/export-analytics";
import { erasePersonOperation } from "./people/erase-person";
import { exportPersonOperation } from "./people/export-person";
import { getPendingCommentOperation } from "./approvals/get-pending-comment";
import { approvePendingCommentOperation } from "./approvals/approve-pending-comment";
import { editPendingCommentOperation } from "./approvals/edit-pending-comment";
import { regeneratePendingCommentOperation } from "./approvals/regenerate-pending-comment";
import { rejectPendingCommentOperation } from "./approvals/reject-pending-comment";
import { listPendingAgentWritesOperation } from "./approvals/list-pending-agent-writes";
import { getPendingAgentWriteOperation } from "./approvals/get-pending-agent-write";
import { approvePendingAgentWriteOperation } from "./approvals/approve-pending-agent-write";
import { rejectPendingAgentWriteOperation } from "./approvals/reject-pending-agent-write";
import { listPendingVoiceNotesOperation } from "./approvals/list-pending-voice-notes";
import { getPendingVoiceNoteOperation } from "./approvals/get-pending-voice-note";
import { approvePendingVoiceNoteOperation } from "./approvals/approve-pending-voice-note";
import { reRecordPendingVoiceNoteOperation } from "./approvals/re-record-pending-voice-note";
import { rejectPendingVoiceNoteOperation } from "./approvals/reject-pending-voice-note";
import { uploadVoiceNoteRecordingOperation } from "./approvals/upload-voice-note-recording";
import { searchCompaniesOperation } from "./company-database/search-companies";
import { searchPeopleOperation } from "./company-database/search-people";
import { addDatabasePeopleOperation } from "./company-database/add-database-people";
import { listFilterValuesOperation } from "./company-database/filter-values";
import { searchDomainsOperation } from "./mailbox-orders/search-domains";
import { quoteMailboxOrderOperation } from "./mailbox-orders/quote-mailbox-order";
import { listMailboxOrdersOperation } from "./mailbox-orders/list-mailbox-orders";
import { getMailboxOrderOperation } from "./mailbox-orders/get-mailbox-order";
import { payMailboxOrderOperation } from "./mailbox-orders/pay-mailbox-order";
import { resumeMailboxOrderOperation } from "./mailbox-orders/resume-mailbox-order";
import { cancelMailboxOrderOperation } from "./mailbox-orders/cancel-mailbox-order";
import { listDoNotContactEntriesOperation } from "./do-not-contact/list-do-not-contact-entries";
import { addDoNotContactEntriesOperation } from "./do-not-contact/add-do-not-contact-entries";
import { removeDoNotContactEntryOperation } from "./do-not-contact/remove-do-not-contact-entry";
import { listTrackingDomainsOperation } from "./tracking-domains/list-tracking-domains";
import { createTrackingDomainOperation } from "./tracking-domains/create-tracking-domain";
import { getTrackingDomainOperation } from "./tracking-domains/get-tracking-domain";
import { checkTrackingDomainOperation } from "./tracking-domains/check-tracking-domain";
import { deleteTrackingDomainOperation } from "./tracking-domains/delete-tracking-domain";
import { setMailboxTrackingDomainOperation } from "./tracking-domains/set-mailbox-tracking-domain";
import { getMailboxTrackingDomainOperation } from "./tracking-domains/get-mailbox-tracking-domain";
import { importDoNotContactCsvOperation } from "./do-not-contact/import-do-not-contact-csv";
import { exportDoNotContactCsvOperation } from "./do-not-contact/export-do-not-contact-csv";
import { checkDoNotContactOperation } from "./do-not-contact/check-do-not-contact";
import { subscribeHookOperation } from "./hooks/subscribe-hook";
import { listHooksOperation } from "./hooks/list-hooks";
import { unsubscribeHookOperation } from "./hooks/unsubscribe-hook";
import { getHookSamplesOperation } from "./hooks/get-hook-samples";

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
  listVoicesOperation,
  connectMailboxOperation,
  listMailboxesOperation,
  getMailboxOperation,
  updateMailboxOperation,
  removeMailboxOperation,
  pauseMailboxOperation,
  resumeMailboxOperation,
  cancelManagedMailboxOperation,
  runDeliverabilityTestOperation,
  getMailboxPerformanceOperation,
  getWarmupOperation,
  startWarmupOperation,
  stopWarmupOperation,
  resumeWarmupOperation,
  changeWarmupStrategyOperation,
  getWarmupHistoryOperation,
  checkMailboxDnsOperation,
  createWebhookOperation,
  listWebhooksOperation,
  getWebhookOperation,
  updateWebhookOperation,
  deleteWebhookOperation,
  testWebhookOperation,
  listTrackingDomainsOperation,
  createTrackingDomainOperation,
  getTrackingDomainOperation,
  checkTrackingDomainOperation,
  deleteTrackingDomainOperation,
  getMailboxTrackingDomainOperation,
  setMailboxTrackingDomainOperation,
  listWebhookDeliveriesOperation,
  getWebhookDeliveryOperation,
  retryWebhookDeliveryOperation,
  createCampaignOperation,
  listCampaignsOperation,
  getCampaignOperation,
  getCampaignFunnelOperation,
  getCampaignExperimentsOperation,
  forecastCampaignOperation,
  updateCampaignOperation,
  deleteCampaignOperation,
  updateCampaignStepOperation,
  addCampaignLeadsOperation,
  listCampaignLeadsOperation,
  getCampaignLeadOperation,
  getCampaignLeadTimelineOperation,
  stopCampaignLeadOperation,
  pauseCampaignLeadOperation,
  resumeCampaignLeadOperation,
  rebalanceCampaignSenderOperation,
  createLeadListOperation,
  listLeadListsOperation,
  getLeadListOperation,
  updateLeadListOperation,
  deleteLeadListOperation,
  addLeadListLeadsOperation,
  listLeadListLeadsOperation,
  removeLeadListLeadOperation,
  startLeadImportOperation,
  listLeadImportsOperation,
  getLeadImportOperation,
  verifyAddressOperation,
  getAddressVerificationOperation,
  startVerificationJobOperation,
  getVerificationJobOperation,
  listVerificationJobResultsOperation,
  createMailboxHostedLinkOperation,
  getMailboxHostedLinkOperation,
  listConversationsOperation,
  getConversationOperation,
  updateConversationOperation,
  replyToConversationOperation,
  uploadFileOperation,
  getFileOperation,
  listPendingCommentsOperation,
  getPendingCommentOperation,
  approvePendingCommentOperation,
  editPendingCommentOperation,
  regeneratePendingCommentOperation,
  rejectPendingCommentOperation,
  listPendingVoiceNotesOperation,
  getPendingVoiceNoteOperation,
  approvePendingVoiceNoteOperation,
  reRecordPendingVoiceNoteOperation,
  rejectPendingVoiceNoteOperation,
  listPendingAgentWritesOperation,
  getPendingAgentWriteOperation,
  approvePendingAgentWriteOperation,
  rejectPendingAgentWriteOperation,
  uploadVoiceNoteRecordingOperation,
  listPendingAiLinesOperation,
  getPendingAiLineOperation,
  editPendingAiLineOperation,
  approvePendingAiLineOperation,
  rejectPendingAiLineOperation,
  previewAiLinesOperation,
  listManualTasksOperation,
  completeManualTaskOperation,
  setCampaignLeadOutcomeOperation,
  getAnalyticsOverviewOperation,
  getAnalyticsBreakdownOperation,
  listAnalyticsLeadsOperation,
  exportAnalyticsOperation,
  erasePersonOperation,
  exportPersonOperation,
  searchCompaniesOperation,
  searchPeopleOperation,
  addDatabasePeopleOperation,
  listFilterValuesOperation,
  searchDomainsOperation,
  quoteMailboxOrderOperation,
  listMailboxOrdersOperation,
  getMailboxOrderOperation,
  payMailboxOrderOperation,
  resumeMailboxOrderOperation,
  cancelMailboxOrderOperation,
  listDoNotContactEntriesOperation,
  addDoNotContactEntriesOperation,
  removeDoNotContactEntryOperation,
  importDoNotContactCsvOperation,
  exportDoNotContactCsvOperation,
  checkDoNotContactOperation,
  subscribeHookOperation,
  listHooksOperation,
  unsubscribeHookOperation,
  getHookSamplesOperation,
  getLeadOperation,
  listCrmConnectionsOperation,
  getCrmConnectionOperation,
  updateCrmConnectionOperation,
  syncCrmConnectionOperation,
  listCrmSyncLogOperation,
  disconnectCrmConnectionOperation,
];
