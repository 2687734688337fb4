"use client";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import { useNow } from "@/components/ui/use-now";
import type { TConversation } from "@/server/schemas/inbox";
import { CHANNEL_LABELS, leadName, subjectChanges } from "./inbox-display";
import { ChannelIcon } from "./inbox-icons";
import { LeadCard } from "./lead-card";
import { MessageBubble } from "./message-bubble";
import { ReplyComposer } from "./reply-composer";
import { NoConversationOpen, ThreadSkeleton } from "./thread-placeholders";
import { useConversation, useConversationActions } from "./use-inbox";

/**
 * An open conversation is read: opening it, or a reply arriving while it is open, marks it read,
 * unless the reader chose "Mark unread" during this opening (it stays unread until opened again).
 */
function useMarkRead(conversation: TConversation | undefined, keptUnread: string | null) {
  const { update } = useConversationActions();
  const requested = useRef<string | null>(null);
  const { mutate } = update;
  useEffect(() => {
    if (!conversation?.unread || keptUnread === conversation.id) return;
    const key = `${conversation.id}@${conversation.lastMessage.at}`;
    if (requested.current === key) return;
    requested.current = key;
    mutate({ id: conversation.id, changes: { unread: false } });
  }, [conversation, keptUnread, mutate]);
}

/** Keeps the newest message in view: on opening, and when a message arrives while the reader is at the bottom. */
function useStickToBottom(count: number, id: string) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef<{ id: string; count: number } | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const previous = seen.current;
    seen.current = { id, count };
    const opened = previous?.id !== id;
    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 160;
    if (opened || (count > (previous?.count ?? 0) && nearBottom)) box.scrollTop = box.scrollHeight;
  }, [count, id]);
  return ref;
}

/** The thread's own messages, and with `withElsewhere` the lead's messages of its other conversations, in time order. */
function timeline(conversation: TConversation, withElsewhere: boolean, hrefOf: (id: string) => string) {
  const own = conversation.messages.map((message, index) => ({ key: message.id, message, index, elsewhere: undefined }));
  if (!withElsewhere) return own;
  const others = conversation.elsewhere.map((entry) => ({
    key: `${entry.conversationId}:${entry.message.id}`,
    message: entry.message,
    index: -1,
    elsewhere: { label: `On ${CHANNEL_LABELS[entry.channel]} · ${entry.accountName}${entry.subject ? ` · ${entry.subject}` : ""}`, href: hrefOf(entry.conversationId) },
  }));
  return [...own, ...others].sort((a, b) => a.message.at.localeCompare(b.message.at));
}

function Thread({ conversation, backHref, hrefOf, onMarkUnread }: { conversation: TConversation; backHref: string; hrefOf: (id: string) => string; onMarkUnread: () => void }) {
  const now = useNow(30_000);
  const { update } = useConversationActions();
  const [showLead, setShowLead] = useState(false);
  const [withElsewhere, setWithElsewhere] = useState(false);
  const otherChannels = [...new Set(conversation.elsewhere.map((entry) => CHANNEL_LABELS[entry.channel]))];
  const scroller = useStickToBottom(conversation.messages.length, conversation.id);
  const subjects = subjectChanges(conversation.messages);
  const name = leadName(conversation.lead);
  return (
    <div className="flex h-full min-h-0 flex-col xl:flex-row">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex items-start gap-2 border-b border-slate-200 px-4 py-3">
          <Link href={backHref} scroll={false} className="-ml-1 rounded-md px-1.5 py-0.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800 lg:hidden" aria-label="Back to conversations">
            ←
          </Link>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-base font-semibold text-slate-900" data-testid="thread-title">
              {name}
            </h2>
            <p className="flex items-center gap-1 truncate text-xs text-slate-500">
              <ChannelIcon channel={conversation.channel} className="size-3 shrink-0" />
              <span className="truncate">
                {CHANNEL_LABELS[conversation.channel]} · {conversation.account.name}
                {conversation.subject && <> · {conversation.subject}</>}
              </span>
            </p>
          </div>
          <Button size="sm" variant="ghost" className="xl:hidden" aria-expanded={showLead} onClick={() => setShowLead(!showLead)}>
            {showLead ? "Hide lead" : "Lead"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={update.isPending || conversation.unread}
            onClick={() => {
              onMarkUnread();
              update.mutate({ id: conversation.id, changes: { unread: true } });
            }}
          >
            {conversation.unread ? "Unread" : "Mark unread"}
          </Button>
        </header>
        {showLead && (
          <div className="max-h-[55%] shrink-0 overflow-y-auto border-b border-slate-200 p-4 xl:hidden">
            <LeadCard conversation={conversation} />
          </div>
        )}
        {conversation.elsewhere.length > 0 && (
          <label className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 text-xs text-slate-600">
            <input type="checkbox" className="size-4 rounded border-slate-300 text-brand-600" checked={withElsewhere} onChange={(event) => setWithElsewhere(event.target.checked)} />
            Show {name}&apos;s other conversations in this timeline ({conversation.elsewhere.length} message{conversation.elsewhere.length > 1 ? "s" : ""} on {otherChannels.join(" and ")})
          </label>
        )}
        <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-4">
          {conversation.messages.length || withElsewhere ? (
            <ol className="space-y-3" aria-label={`Messages with ${name}`}>
              {timeline(conversation, withElsewhere, hrefOf).map((entry) => (
                <MessageBubble
                  key={entry.key}
                  message={entry.message}
                  lead={conversation.lead}
                  now={now}
                  showSubject={!entry.elsewhere && conversation.channel === "email" && subjects[entry.index]!}
                  elsewhere={entry.elsewhere}
                />
              ))}
            </ol>
          ) : (
            <p className="py-10 text-center text-sm text-slate-500">No messages in this conversation yet.</p>
          )}
        </div>
        {update.error && (
          <div className="px-3 pt-2">
            <ErrorAlert error={update.error} />
          </div>
        )}
        <ReplyComposer key={conversation.id} conversation={conversation} />
      </div>
      {/* From wide screens up the lead sits beside the thread; below, behind the "Lead" button. */}
      <aside className="hidden w-72 shrink-0 overflow-y-auto border-l border-slate-200 p-4 xl:block">{!showLead && <LeadCard conversation={conversation} />}</aside>
    </div>
  );
}

/** The open conversation (`?c=`), kept fresh while it is open. */
export function ThreadView({ id, backHref, hrefOf }: { id: string | null; backHref: string; hrefOf: (id: string) => string }) {
  const conversation = useConversation(id);
  // The conversation the reader marked unread in this opening; opening another one forgets it.
  const [keptUnread, setKeptUnread] = useState<string | null>(null);
  if (keptUnread && keptUnread !== id) setKeptUnread(null);
  useMarkRead(conversation.data, keptUnread);
  if (!id) return <NoConversationOpen />;
  if (conversation.isPending) return <ThreadSkeleton />;
  if (conversation.isError) {
    const missing = conversation.error.data?.code === "NOT_FOUND";
    return (
      <div className="space-y-3 p-4">
        <Alert tone="error">{missing ? "This conversation does not exist in this workspace." : `The conversation could not be loaded: ${errorMessage(conversation.error)}`}</Alert>
        <Link href={backHref} scroll={false} className="text-sm font-medium text-brand-700 hover:underline">
          Back to conversations
        </Link>
      </div>
    );
  }
  return <Thread conversation={conversation.data} backHref={backHref} hrefOf={hrefOf} onMarkUnread={() => setKeptUnread(conversation.data.id)} />;
}
