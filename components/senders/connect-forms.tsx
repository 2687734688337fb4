"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TConnectSenderResult } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";

/** A trimmed form value, or undefined when left empty (the API treats "" as a value). */
export function optionalValue(form: FormData, name: string): string | undefined {
  const value = String(form.get(name) ?? "").trim();
  return value === "" ? undefined : value;
}

export function browserUserAgent(): string {
  return typeof navigator === "undefined" ? "" : navigator.userAgent;
}

function describedBy(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function ProxyField({ id, error }: { id: string; error?: string }) {
  return (
    <Field label="Proxy (optional)" htmlFor={id} error={error} hint="Signs in through your proxy: http, https or socks5, e.g. http://user:password@host:port.">
      <Input id={id} name="proxy" placeholder="http://user:password@proxy.example.com:8080" autoComplete="off" spellCheck={false} {...describedBy(id, error)} />
    </Field>
  );
}

const PASSWORD_FIELDS = ["username", "password", "proxy", "country", "totpSecret"];
const COOKIE_FIELDS = ["liAt", "userAgent", "proxy"];

export function PasswordConnectForm({ onResult }: { onResult: (result: TConnectSenderResult) => void }) {
  const trpc = useTRPC();
  const connect = useMutation(trpc.senders.connect.mutationOptions({ onSuccess: onResult }));
  const errors = fieldErrors(connect.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    connect.mutate({
      username: optionalValue(form, "username"),
      password: String(form.get("password") ?? "") || undefined,
      proxy: optionalValue(form, "proxy"),
      country: optionalValue(form, "country"),
      totpSecret: optionalValue(form, "totpSecret"),
    });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">Herald signs in to LinkedIn with the account&apos;s own e-mail and password, and keeps them encrypted to sign in again when the session ends.</p>
      <ErrorAlert error={connect.error} shownFields={PASSWORD_FIELDS} />
      <Field label="E-mail or phone" htmlFor="connect-username" error={errors.username}>
        <Input id="connect-username" name="username" autoComplete="off" spellCheck={false} required {...describedBy("connect-username", errors.username)} />
      </Field>
      <Field label="Password" htmlFor="connect-password" error={errors.password}>
        <Input id="connect-password" name="password" type="password" autoComplete="off" required {...describedBy("connect-password", errors.password)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <ProxyField id="connect-proxy" error={errors.proxy} />
        <Field label="Country" htmlFor="connect-country" error={errors.country} hint="Two letters, e.g. DE">
          <Input id="connect-country" name="country" maxLength={2} placeholder="DE" className="uppercase" autoComplete="off" {...describedBy("connect-country", errors.country)} />
        </Field>
      </div>
      <Field
        label="2FA setup key (optional)"
        htmlFor="connect-totp"
        error={errors.totpSecret}
        hint="The authenticator key LinkedIn shows when you set up two-step verification. With it Herald answers 2FA by itself, now and at every later sign-in."
      >
        <Input id="connect-totp" name="totpSecret" autoComplete="off" spellCheck={false} className="font-mono" placeholder="JBSW Y3DP EHPK 3PXP" {...describedBy("connect-totp", errors.totpSecret)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Signing in…" : "Sign in to LinkedIn"}
        </Button>
      </div>
    </form>
  );
}

export function CookieConnectForm({ onResult }: { onResult: (result: TConnectSenderResult) => void }) {
  const trpc = useTRPC();
  const connect = useMutation(trpc.senders.connect.mutationOptions({ onSuccess: onResult }));
  const [userAgent, setUserAgent] = useState(browserUserAgent);
  const errors = fieldErrors(connect.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    connect.mutate({ liAt: optionalValue(form, "liAt"), userAgent: userAgent.trim() || undefined, proxy: optionalValue(form, "proxy") });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">Use the session of a browser already signed in to LinkedIn: no password is shared, and no verification step is asked.</p>
      <ErrorAlert error={connect.error} shownFields={COOKIE_FIELDS} />
      <Field
        label="li_at cookie"
        htmlFor="connect-li-at"
        error={errors.liAt}
        hint="In the browser signed in to LinkedIn: developer tools → Application → Cookies → www.linkedin.com → li_at."
      >
        <Input id="connect-li-at" name="liAt" autoComplete="off" spellCheck={false} className="font-mono" required {...describedBy("connect-li-at", errors.liAt)} />
      </Field>
      <Field label="User agent" htmlFor="connect-user-agent" error={errors.userAgent} hint="Of the browser the cookie comes from; LinkedIn ties the session to it. This browser's is filled in.">
        <Input
          id="connect-user-agent"
          name="userAgent"
          value={userAgent}
          onChange={(event) => setUserAgent(event.target.value)}
          className="font-mono text-xs"
          spellCheck={false}
          required
          {...describedBy("connect-user-agent", errors.userAgent)}
        />
      </Field>
      <ProxyField id="connect-cookie-proxy" error={errors.proxy} />
      <div className="flex justify-end">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Connecting…" : "Connect with cookie"}
        </Button>
      </div>
    </form>
  );
}
