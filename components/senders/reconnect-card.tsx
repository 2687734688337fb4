"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { Tabs } from "@/components/ui/tabs";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TCheckpoint, TSenderAccount } from "@/server/schemas/sender";
import { browserUserAgent, optionalValue, ProxyField } from "./connect-forms";
import { ErrorAlert } from "./error-alert";
import { HostedLinkPanel } from "./hosted-link-panel";
import { SenderCheckpoint } from "./sender-checkpoint";

type Method = "cookie" | "password" | "hosted";

function ReconnectForm({ sender, method, onCheckpoint, onConnected }: {
  sender: TSenderAccount;
  method: "cookie" | "password";
  onCheckpoint: (checkpoint: TCheckpoint | null) => void;
  onConnected: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [userAgent, setUserAgent] = useState(browserUserAgent);
  const reconnect = useMutation(
    trpc.senders.reconnect.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
        if (result.status === "connected") onConnected();
        else onCheckpoint(result.checkpoint ?? result.data.checkpoint);
      },
    }),
  );
  const errors = fieldErrors(reconnect.error);
  const error = (name: string) => errors[`credentials.${name}`] ?? errors[name];
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const proxy = optionalValue(form, "proxy");
    reconnect.mutate({
      id: sender.id,
      credentials:
        method === "cookie"
          ? { liAt: optionalValue(form, "liAt"), userAgent: userAgent.trim() || undefined, proxy }
          : { username: optionalValue(form, "username"), password: String(form.get("password") ?? "") || undefined, proxy },
    });
  }
  const shown = ["liAt", "userAgent", "username", "password", "proxy"].flatMap((name) => [name, `credentials.${name}`]);
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <ErrorAlert error={reconnect.error} shownFields={shown} />
      {method === "cookie" ? (
        <>
          <Field label="New li_at cookie" htmlFor="reconnect-li-at" error={error("liAt")}>
            <Input id="reconnect-li-at" name="liAt" autoComplete="off" spellCheck={false} className="font-mono" required />
          </Field>
          <Field label="User agent" htmlFor="reconnect-user-agent" error={error("userAgent")} hint="Of the browser the cookie comes from.">
            <Input id="reconnect-user-agent" value={userAgent} onChange={(event) => setUserAgent(event.target.value)} className="font-mono text-xs" spellCheck={false} />
          </Field>
        </>
      ) : (
        <>
          <Field label="E-mail or phone" htmlFor="reconnect-username" error={error("username")} hint="Leave empty to keep the one Herald has.">
            <Input id="reconnect-username" name="username" autoComplete="off" spellCheck={false} />
          </Field>
          <Field label="Password" htmlFor="reconnect-password" error={error("password")}>
            <Input id="reconnect-password" name="password" type="password" autoComplete="off" required />
          </Field>
        </>
      )}
      <ProxyField id={`reconnect-${method}-proxy`} error={error("proxy")} />
      <p className="-mt-2 text-xs text-slate-500">Leave the proxy empty to keep the current one.</p>
      <Button type="submit" disabled={reconnect.isPending}>
        {reconnect.isPending ? "Reconnecting…" : "Reconnect"}
      </Button>
    </form>
  );
}

/** Repairs the sender's LinkedIn session: a fresh cookie, the password again, or a hosted link. */
export function ReconnectCard({ sender }: { sender: TSenderAccount }) {
  const needed = sender.connectionStatus === "reconnect_required" || sender.status === "error" || sender.status === "disconnected";
  const [open, setOpen] = useState(needed);
  const [method, setMethod] = useState<Method>(sender.connectionMethod);
  const [checkpoint, setCheckpoint] = useState<{ value: TCheckpoint | null } | null>(null);
  const [connected, setConnected] = useState(false);
  const onConnected = useCallback(() => {
    setCheckpoint(null);
    setConnected(true);
  }, []);
  return (
    <Card
      title="Reconnect"
      description={needed ? "The LinkedIn session of this sender ended. Sign in again to use it." : "Renew the LinkedIn session, e.g. after changing the password."}
      actions={
        !needed ? (
          <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Hide" : "Reconnect…"}
          </Button>
        ) : undefined
      }
    >
      {connected && (
        <div className="mb-4">
          <Alert tone="success">Reconnected: the sender&apos;s session is live again.</Alert>
        </div>
      )}
      {checkpoint ? (
        <SenderCheckpoint accountId={sender.id} initialCheckpoint={checkpoint.value} onConnected={onConnected} onRestart={() => setCheckpoint(null)} />
      ) : open ? (
        <Tabs
          label="How to reconnect"
          tabs={[
            { id: "cookie", label: "Session cookie" },
            { id: "password", label: "Password" },
            { id: "hosted", label: "Hosted link" },
          ]}
          selected={method}
          onSelect={setMethod}
        >
          {method === "hosted" ? (
            <HostedLinkPanel reconnectAccountId={sender.id} />
          ) : (
            <ReconnectForm
              key={method}
              sender={sender}
              method={method}
              onConnected={onConnected}
              onCheckpoint={(value) => {
                setConnected(false);
                setCheckpoint({ value });
              }}
            />
          )}
        </Tabs>
      ) : (
        <p className="text-sm text-slate-500">
          Connected by {sender.connectionMethod === "cookie" ? "session cookie" : "password"}. Herald signs in again by itself while it can.
        </p>
      )}
    </Card>
  );
}
