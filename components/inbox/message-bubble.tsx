import Link from "next/link";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { MessageText } from "@/components/ui/message-text";
import type { TConversation, TConversationMessage } from "@/server/schemas/inbox";
import { messageAuthor } from "./inbox-display";

function bubbleStyle(message: TConversationMessage): string {
  if (message.bounce || message.status === "failed") return "bg-red-50 text-slate-800 ring-1 ring-red-200";
  if (message.kind === "auto-reply") return "border border-dashed border-slate-300 bg-slate-50 text-slate-500";
  return message.direction === "inbound" ? "bg-white text-slate-800 ring-1 ring-slate-200" : "bg-brand-600 text-white";
}

/** "0:42": a voice message's length. */
export function voiceLength(durationMs: number): string {
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A voice message Herald sent, with a player (the audio loads only when played). */
function VoiceNote({ voiceNote }: { voiceNote: NonNullable<TConversationMessage["voiceNote"]> }) {
  return (
    <div data-testid="message-voice-note" className="space-y-1">
      <p className="text-xs font-medium">Voice message · {voiceLength(voiceNote.durationMs)}</p>
      <audio controls preload="none" src={voiceNote.audioUrl} className="h-9 w-64 max-w-full" aria-label={`Voice message, ${voiceLength(voiceNote.durationMs)}`} />
    </div>
  );
}

/** Where a message of the lead's other conversation was said, with a way there. */
export interface ElsewhereNote {
  label: string;
  href: string;
}

/** One message of a thread: the lead's on the left, the workspace's on the right; auto-replies muted, bounces with the reason. */
export function MessageBubble({
  message,
  lead,
  now,
  showSubject,
  elsewhere,
}: {
  message: TConversationMessage;
  lead: TConversation["lead"];
  now: number;
  showSubject: boolean;
  /** A message of the lead's other conversation, shown in this one's timeline: muted, with where it was said. */
  elsewhere?: ElsewhereNote;
}) {
  const inbound = message.direction === "inbound";
  const brand = !inbound && !message.bounce && message.status !== "failed";
  return (
    <li data-testid={elsewhere ? "elsewhere-message" : "thread-message"} data-direction={message.direction} className={`flex ${inbound ? "justify-start" : "justify-end"}`}>
      <div className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs ${inbound ? "rounded-bl-sm" : "rounded-br-sm"} ${bubbleStyle(message)} ${elsewhere ? "opacity-80 ring-1 ring-dashed" : ""}`}>
        {elsewhere && (
          <p className={`mb-1 text-[11px] font-medium ${brand ? "text-brand-100" : "text-slate-500"}`}>
            {elsewhere.label} ·{" "}
            <Link href={elsewhere.href} scroll={false} className="underline">
              Open
            </Link>
          </p>
        )}
        <p className={`mb-0.5 flex flex-wrap gap-x-1.5 text-[11px] ${brand ? "text-brand-100" : "text-slate-500"}`}>
          <span className="font-medium" data-testid="message-author">
            {messageAuthor(message, lead)}
          </span>
          <time dateTime={message.at} title={formatDateTime(message.at)}>
            {formatRelative(message.at, now)}
          </time>
          {message.status === "sending" && <span>· Sending…</span>}
          {message.status === "failed" && <span className="text-red-700">· Not sent</span>}
        </p>
        {message.kind === "auto-reply" && <p className="mb-1 text-[11px] font-medium tracking-wide text-slate-500 uppercase">Automatic reply</p>}
        {showSubject && message.subject && <p className={`font-medium ${brand ? "text-white" : "text-slate-900"}`}>{message.subject}</p>}
        {message.voiceNote ? (
          <VoiceNote voiceNote={message.voiceNote} />
        ) : (
          <p className="break-words whitespace-pre-line">{message.text ? <MessageText text={message.text} /> : <span className="italic opacity-70">(no text)</span>}</p>
        )}
        {message.bounce && (
          <p className="mt-1.5 rounded-md bg-white/70 px-2 py-1 text-xs text-red-800" data-testid="message-bounce">
            <span className="font-medium">{message.bounce.kind === "hard" ? "Bounced — the address does not take mail" : "Bounced for now"}:</span> {message.bounce.message}
          </p>
        )}
      </div>
    </li>
  );
}
