-- Managed Microsoft 365 mailboxes are reached through Microsoft Graph's mail API with the
-- installation's app registration (provider `microsoft-graph`, authType `app`), no longer with a
-- password over SMTP 587 and IMAP 993, which Exchange Online refuses (basic authentication for IMAP
-- is off since 2022, SMTP AUTH with a password from the end of 2026). Mailboxes connected before
-- move over: nothing is stored for them (the user's object id is `managedUserId`), so their stored
-- password and server settings go. A mailbox in error keeps its status (no event is sent from
-- here), with an error that says what to do: "Check again" on its page puts it back to connected
-- once Graph answers for it, and tells the workspace.
UPDATE "Mailbox" AS m
SET "provider" = 'microsoft-graph',
    "authType" = 'app',
    "settings" = NULL,
    "credentialsEncrypted" = NULL,
    "readCursor" = NULL,
    "error" = CASE
      WHEN m."status" = 'error' THEN 'This managed Microsoft 365 mailbox now works through Microsoft Graph, without a password: use Check again on its page.'
      ELSE m."error"
    END,
    "updatedAt" = CURRENT_TIMESTAMP
FROM "ManagedDomain" AS d
WHERE m."managedDomainId" = d."id"
  AND d."platformProvider" = 'microsoft-graph'
  AND m."connectedVia" = 'managed'
  AND m."provider" = 'smtp'
  AND m."managedUserId" IS NOT NULL;
