import { dataEnvelope } from "../../../schemas/common";
import { ZUpdateWorkspaceSettingsInput, ZWorkspace } from "../../../schemas/workspace";
import { defineOperation } from "../../../http/api-operation";

export const updateCurrentWorkspaceOperation = defineOperation({
  operationId: "updateCurrentWorkspace",
  method: "patch",
  path: "/workspace",
  summary: "Change the effective workspace's name or settings",
  description:
    "Updates any subset of `name`, `bypassWeeklyInvitationLimit`, `weeklyInvitationLimitFree`, `weeklyInvitationLimitPaid`, `emailChannelEnabled` (whether the workspace sends e-mail; mailboxes are connected and removed only while it is on), `managedMailboxesEnabled` (whether the workspace may search and order domains and managed mailboxes: POST /domains/search and POST /mailbox-orders answer 403 `managed-mailboxes-disabled` while it is off; cancelling a managed mailbox works whatever it says), `messageRetentionDays` (30 to 3650 days, or null to keep messages for good: older e-mails and LinkedIn messages are deleted hourly), `deliveryLogRetentionDays` (1 to 7 days of webhook delivery logs), `catchAllProbe` (false by default: when true, address verification also asks each domain's best mail server, from this Herald server and as the installation's probe address, never through a mailbox, whether it would accept a made-up address; a domain whose server accepts it is catch-all and its addresses read `risky`, check `catch-all`. Rate-limited per installation and per mail server, public addresses only; no mail is sent) and `optOutStopsLinkedin` (whether an unsubscribe or a spam complaint stops the lead's whole campaign, LinkedIn steps included, as by default, or only its e-mail steps) and `agentWritesNeedApproval` (whether writes AI agents ask for through Herald's MCP server wait in the approvals queue, GET /pending-agent-writes, until an admin or owner approves them; off by default). Needs the key's creator to be an admin or owner of the workspace (403 otherwise).",
  tags: ["Workspaces"],
  body: ZUpdateWorkspaceSettingsInput,
  response: dataEnvelope(ZWorkspace),
  errors: ["forbidden"],
  acceptsWorkspaceHeader: true,
});
