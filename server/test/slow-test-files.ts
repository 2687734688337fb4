// How long the slowest test files take, in seconds, read off a full run on a 2-core machine
// (`npm test` prints the 15 slowest at the end; every file's time is in .test-reports/vitest-*.json).
// The sequencer (server/test/sequencer.ts) starts them first, so that a run ends on short files:
// a long file started last keeps one worker busy while the others have nothing left to do.
// Only the order depends on these figures: a stale one costs time, never a result. A file renamed
// or removed fails server/test/test-projects.test.ts until its line here follows.
export const SLOW_TEST_FILES: Readonly<Record<string, number>> = {
  // process project
  "server/services/mailbox-orders/provisioning/crash-safety.test.ts": 84,
  "server/services/campaigns/executor/crash-safety.test.ts": 62,
  "server/runtime/route-fuzz.test.ts": 39,
  "server/db/migrations.test.ts": 32,
  "server/runtime/crash-recovery.test.ts": 16,
  "server/services/mail/inbound/read-crash-safety.test.ts": 13,
  "scripts/company-data-scripts.test.ts": 12,
  "server/db/embedded-postgres.test.ts": 11,
  "server/auth/auth-base-address.test.ts": 9,
  "server/runtime/embedded-database.test.ts": 9,
  "server/providers/mail/smtp/smtp-imap-provider.test.ts": 9,
  "server/runtime/shutdown-notifications.test.ts": 7,
  "server/db/instance-admin-backfill.test.ts": 6,
  // db project
  "server/test/campaign-driver.test.ts": 61,
  "server/services/campaigns/executor/email-steps.test.ts": 58,
  "server/services/campaigns/executor/executor.test.ts": 56,
  "server/services/campaigns/forecast-parity.test.ts": 43,
  "server/services/mailbox-orders/provisioning/provision-mailbox-order.test.ts": 36,
  "server/services/webhooks/webhook-delivery.test.ts": 18,
  "server/services/company-database/search-companies.test.ts": 13,
  "server/services/campaigns/forecast-parity-approvals.test.ts": 12,
  "server/services/campaigns/forecast-parity-mail.test.ts": 10,
  "server/services/mail/inbound/record-incoming-reports.test.ts": 10,
  "server/services/campaigns/executor/drafted-steps.test.ts": 10,
  "server/embedded-inngest/executor.test.ts": 9,
  "server/services/campaigns/forecast-parity-email.test.ts": 9,
  "server/openapi/api-fuzz.test.ts": 7,
  "server/services/mail/inbound/record-incoming-replies.test.ts": 7,
  "server/services/mail/deliverability/deliverability-test-mail.test.ts": 6,
  "server/services/senders/check-sender-checkpoint.test.ts": 6,
  "server/openapi/operations/senders/direct-actions-api.test.ts": 6,
  "server/services/campaigns/add-campaign-leads.test.ts": 5,
  "server/services/company-database/search-people.test.ts": 5,
  "server/openapi/operations/senders/connect-api.test.ts": 5,
  "server/services/campaigns/executor/drafted-steps-after-drafting.test.ts": 5,
  // unit project
  "server/services/mail/health/evaluate-dns-records.test.ts": 9,
  "server/providers/blocklists/dns-blocklists.test.ts": 8,
};
