-- Removing a mailbox deleted its e-mails (cascade) but left their inbox conversations, which kept
-- showing the removed mail's last text and message counts. Removal now deletes them
-- (server/services/mailbox-removal/delete-mailbox-rows.ts); this drops the ones left behind by
-- mailboxes removed before. Data only: the schema does not change.
DELETE FROM "Conversation" c
WHERE c."channel" = 'email'
  AND NOT EXISTS (SELECT 1 FROM "Mailbox" m WHERE m."id" = c."accountId");
