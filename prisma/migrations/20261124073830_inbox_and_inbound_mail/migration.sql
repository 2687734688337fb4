-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN     "softBounces" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "EmailMessage" ADD COLUMN     "bounceKind" TEXT,
ADD COLUMN     "bounceMessage" TEXT,
ADD COLUMN     "bounceStatus" TEXT,
ADD COLUMN     "bouncedAt" TIMESTAMP(3),
ADD COLUMN     "complainedAt" TIMESTAMP(3),
ADD COLUMN     "kind" TEXT,
ADD COLUMN     "skipReason" TEXT,
ADD COLUMN     "uid" TEXT;

-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "lastReadAt" TIMESTAMP(3),
ADD COLUMN     "readCursor" TEXT,
ADD COLUMN     "readError" TEXT;

-- CreateTable
CREATE TABLE "DeadEmailAddress" (
    "workspaceId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT,
    "message" TEXT NOT NULL,
    "mailboxId" TEXT,
    "emailMessageId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeadEmailAddress_pkey" PRIMARY KEY ("workspaceId","address")
);

-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL DEFAULT herald_id('cnv'::text),
    "workspaceId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "campaignId" TEXT,
    "campaignLeadId" TEXT,
    "subject" TEXT,
    "lastMessageAt" TIMESTAMP(3) NOT NULL,
    "lastMessageText" TEXT NOT NULL,
    "lastDirection" TEXT NOT NULL,
    "messageCount" INTEGER NOT NULL DEFAULT 0,
    "inboundCount" INTEGER NOT NULL DEFAULT 0,
    "lastInboundAt" TIMESTAMP(3),
    "unread" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_lastMessageAt_id_idx" ON "Conversation"("workspaceId", "lastMessageAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_channel_lastMessageAt_idx" ON "Conversation"("workspaceId", "channel", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_accountId_lastMessageAt_idx" ON "Conversation"("workspaceId", "accountId", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_workspaceId_unread_lastMessageAt_idx" ON "Conversation"("workspaceId", "unread", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_campaignId_lastMessageAt_idx" ON "Conversation"("campaignId", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Conversation_campaignLeadId_idx" ON "Conversation"("campaignLeadId");

-- CreateIndex
CREATE INDEX "Conversation_leadId_idx" ON "Conversation"("leadId");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_workspaceId_chatId_key" ON "Conversation"("workspaceId", "chatId");

-- CreateIndex
CREATE INDEX "EmailMessage_workspaceId_messageId_idx" ON "EmailMessage"("workspaceId", "messageId");

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The unified inbox's conversations, kept by the statements that store messages, whichever code
-- runs them (the executor, provider webhooks and polling, mailbox reading, inbox replies). One row
-- per chat: LinkedIn's chat id, or `email:<mailbox_id>:<thread's first Message-ID>` for an e-mail
-- thread. Only messages with a lead take part; of inbound e-mails only replies and auto-replies
-- (bounces and complaints are reports about an e-mail, not part of the conversation), and of
-- outbound e-mails only those that left the mailbox. A reply from the lead (never an auto-reply)
-- marks the conversation unread.
CREATE FUNCTION herald_touch_conversation(
  p_workspace TEXT, p_channel TEXT, p_account TEXT, p_lead TEXT, p_chat TEXT, p_campaign TEXT, p_campaign_lead TEXT,
  p_subject TEXT, p_at TIMESTAMP(3), p_text TEXT, p_direction TEXT, p_reply BOOLEAN
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Conversation" AS c ("workspaceId", "channel", "accountId", "leadId", "chatId", "campaignId", "campaignLeadId", "subject",
    "lastMessageAt", "lastMessageText", "lastDirection", "messageCount", "inboundCount", "lastInboundAt", "unread", "createdAt", "updatedAt")
  VALUES (p_workspace, p_channel, p_account, p_lead, p_chat, p_campaign, p_campaign_lead, p_subject,
    p_at, left(coalesce(p_text, ''), 280), p_direction, 1, CASE WHEN p_reply THEN 1 ELSE 0 END, CASE WHEN p_reply THEN p_at END, p_reply,
    clock_timestamp(), clock_timestamp())
  ON CONFLICT ("workspaceId", "chatId") DO UPDATE SET
    "campaignId" = coalesce(EXCLUDED."campaignId", c."campaignId"),
    "campaignLeadId" = coalesce(EXCLUDED."campaignLeadId", c."campaignLeadId"),
    "subject" = coalesce(c."subject", EXCLUDED."subject"),
    "lastMessageText" = CASE WHEN EXCLUDED."lastMessageAt" >= c."lastMessageAt" THEN EXCLUDED."lastMessageText" ELSE c."lastMessageText" END,
    "lastDirection" = CASE WHEN EXCLUDED."lastMessageAt" >= c."lastMessageAt" THEN EXCLUDED."lastDirection" ELSE c."lastDirection" END,
    "lastMessageAt" = greatest(c."lastMessageAt", EXCLUDED."lastMessageAt"),
    "messageCount" = c."messageCount" + 1,
    "inboundCount" = c."inboundCount" + EXCLUDED."inboundCount",
    "lastInboundAt" = CASE WHEN p_reply THEN greatest(coalesce(c."lastInboundAt", p_at), p_at) ELSE c."lastInboundAt" END,
    "unread" = c."unread" OR p_reply,
    "updatedAt" = clock_timestamp();
END;
$$;

CREATE FUNCTION herald_conversation_of_linkedin_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_campaign TEXT;
  v_campaign_lead TEXT;
BEGIN
  SELECT cl."campaignId", cl."id" INTO v_campaign, v_campaign_lead FROM "CampaignLead" cl
  WHERE cl."leadId" = NEW."leadId" AND cl."linkedinAccountId" = NEW."accountId"
  ORDER BY cl."createdAt" DESC LIMIT 1;
  PERFORM herald_touch_conversation(NEW."workspaceId", 'linkedin', NEW."accountId", NEW."leadId", NEW."chatId", v_campaign, v_campaign_lead,
    NULL, NEW."at", NEW."text", NEW."direction", NEW."direction" = 'inbound');
  RETURN NULL;
END;
$$;

CREATE TRIGGER herald_conversation_of_linkedin_message AFTER INSERT ON "LinkedinMessage"
  FOR EACH ROW EXECUTE FUNCTION herald_conversation_of_linkedin_message();

CREATE FUNCTION herald_conversation_of_email_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."leadId" IS NULL THEN RETURN NULL; END IF;
  IF NEW."direction" = 'outbound' AND NEW."status" <> 'sent' THEN RETURN NULL; END IF;
  IF NEW."direction" = 'inbound' AND coalesce(NEW."kind", '') NOT IN ('reply', 'auto-reply') THEN RETURN NULL; END IF;
  -- An e-mail counts once: when it is stored as sent or received, or when its intent becomes sent.
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND coalesce(OLD."kind", '') = coalesce(NEW."kind", '') THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" IN ('sent', 'bounced') THEN RETURN NULL; END IF;
  PERFORM herald_touch_conversation(NEW."workspaceId", 'email', NEW."mailboxId", NEW."leadId",
    'email:' || NEW."mailboxId" || ':' || NEW."threadRootId", NEW."campaignId", NEW."campaignLeadId",
    regexp_replace(NEW."subject", '^((re|fwd?|aw|sv|tr)\s*:\s*)+', '', 'i'),
    coalesce(NEW."sentAt", NEW."createdAt"), NEW."text", NEW."direction", NEW."direction" = 'inbound' AND NEW."kind" = 'reply');
  RETURN NULL;
END;
$$;

CREATE TRIGGER herald_conversation_of_email_message AFTER INSERT OR UPDATE OF "status", "kind" ON "EmailMessage"
  FOR EACH ROW EXECUTE FUNCTION herald_conversation_of_email_message();

-- The conversations of the messages already stored (read: nobody is behind on them).
INSERT INTO "Conversation" ("workspaceId", "channel", "accountId", "leadId", "chatId", "campaignId", "campaignLeadId", "subject",
  "lastMessageAt", "lastMessageText", "lastDirection", "messageCount", "inboundCount", "lastInboundAt", "unread", "createdAt", "updatedAt")
SELECT DISTINCT ON (m."workspaceId", m."chatId") m."workspaceId", 'linkedin', m."accountId", m."leadId", m."chatId", cl."campaignId", cl."id", NULL,
  m."at", left(m."text", 280), m."direction",
  count(*) OVER w, count(*) FILTER (WHERE m."direction" = 'inbound') OVER w, max(m."at") FILTER (WHERE m."direction" = 'inbound') OVER w,
  false, clock_timestamp(), clock_timestamp()
FROM "LinkedinMessage" m
LEFT JOIN LATERAL (SELECT c."id", c."campaignId" FROM "CampaignLead" c WHERE c."leadId" = m."leadId" AND c."linkedinAccountId" = m."accountId" ORDER BY c."createdAt" DESC LIMIT 1) cl ON true
WINDOW w AS (PARTITION BY m."workspaceId", m."chatId")
ORDER BY m."workspaceId", m."chatId", m."at" DESC;

INSERT INTO "Conversation" ("workspaceId", "channel", "accountId", "leadId", "chatId", "campaignId", "campaignLeadId", "subject",
  "lastMessageAt", "lastMessageText", "lastDirection", "messageCount", "inboundCount", "lastInboundAt", "unread", "createdAt", "updatedAt")
SELECT DISTINCT ON (e."workspaceId", e."mailboxId", e."threadRootId") e."workspaceId", 'email', e."mailboxId", e."leadId",
  'email:' || e."mailboxId" || ':' || e."threadRootId", e."campaignId", e."campaignLeadId",
  regexp_replace(e."subject", '^((re|fwd?|aw|sv|tr)\s*:\s*)+', '', 'i'),
  coalesce(e."sentAt", e."createdAt"), left(e."text", 280), e."direction",
  count(*) OVER w, 0, NULL, false, clock_timestamp(), clock_timestamp()
FROM "EmailMessage" e
WHERE e."leadId" IS NOT NULL AND e."direction" = 'outbound' AND e."status" = 'sent'
WINDOW w AS (PARTITION BY e."workspaceId", e."mailboxId", e."threadRootId")
ORDER BY e."workspaceId", e."mailboxId", e."threadRootId", coalesce(e."sentAt", e."createdAt") DESC;
