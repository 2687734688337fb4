"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";
import { defaultPort, imapHostFor, isDefaultPort, securityForPort, type MailSecurity, type MailServerKind } from "./mail-server-defaults";

interface ServerFields {
  host: string;
  port: string;
  security: MailSecurity;
  username: string;
  password: string;
}

const SECURITY_LABELS: Record<MailSecurity, string> = { tls: "SSL/TLS", starttls: "STARTTLS", none: "None (unencrypted)" };

/** Every field the form shows beside its input, so the alert above only says what is not placed. */
const SHOWN = ["email", "fromName", "label", ...["smtp", "imap"].flatMap((kind) => ["host", "port", "security", "username", "password"].map((field) => `${kind}.${field}`))];

function ServerFieldset({
  kind,
  value,
  errors,
  sameCredentials,
  onChange,
}: {
  kind: MailServerKind;
  value: ServerFields;
  errors: Record<string, string>;
  /** IMAP signs in like SMTP: its username and password are not asked. */
  sameCredentials: boolean;
  onChange: (patch: Partial<ServerFields>) => void;
}) {
  const id = (field: string) => `${kind}-${field}`;
  const error = (field: string) => errors[`${kind}.${field}`];
  const invalid = (field: string) => (error(field) ? { "aria-invalid": true as const, "aria-describedby": `${id(field)}-error` } : {});
  const title = kind === "smtp" ? "Sending (SMTP)" : "Reading (IMAP)";
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_6.5rem_9.5rem]">
        <Field label={`${kind.toUpperCase()} host`} htmlFor={id("host")} error={error("host")}>
          <Input
            id={id("host")}
            value={value.host}
            placeholder={kind === "smtp" ? "smtp.example.com" : "imap.example.com"}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange({ host: event.target.value })}
            {...invalid("host")}
          />
        </Field>
        <Field label={`${kind.toUpperCase()} port`} htmlFor={id("port")} error={error("port")}>
          <Input
            id={id("port")}
            value={value.port}
            inputMode="numeric"
            onChange={(event) => {
              const port = event.target.value.replace(/\D/g, "");
              const security = securityForPort(kind, Number(port));
              onChange(security ? { port, security } : { port });
            }}
            {...invalid("port")}
          />
        </Field>
        <Field label={`${kind.toUpperCase()} security`} htmlFor={id("security")} error={error("security")}>
          <Select
            id={id("security")}
            value={value.security}
            onChange={(event) => {
              const security = event.target.value as MailSecurity;
              // A port the form filled in follows the security; one the person typed stays.
              const port = value.port === "" || isDefaultPort(kind, Number(value.port)) ? String(defaultPort(kind, security)) : value.port;
              onChange({ security, port });
            }}
            {...invalid("security")}
          >
            {(Object.keys(SECURITY_LABELS) as MailSecurity[]).map((security) => (
              <option key={security} value={security}>
                {SECURITY_LABELS[security]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {!sameCredentials && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={`${kind.toUpperCase()} username`} htmlFor={id("username")} error={error("username")}>
            <Input id={id("username")} value={value.username} autoComplete="off" spellCheck={false} onChange={(event) => onChange({ username: event.target.value })} {...invalid("username")} />
          </Field>
          <Field label={`${kind.toUpperCase()} password`} htmlFor={id("password")} error={error("password")} hint={kind === "smtp" ? "An app password where the provider offers one." : undefined}>
            <Input id={id("password")} type="password" value={value.password} autoComplete="new-password" onChange={(event) => onChange({ password: event.target.value })} {...invalid("password")} />
          </Field>
        </div>
      )}
    </fieldset>
  );
}

/**
 * Any SMTP + IMAP host with a password. "Test connection" signs in to both servers and puts what
 * failed next to the field at fault; "Connect" tests again and saves.
 */
export function SmtpConnectForm({ onConnected, reconnect }: { onConnected: (mailbox: TMailbox) => void; reconnect?: TMailbox }) {
  const trpc = useTRPC();
  // Reconnecting fills in what Herald keeps (never the password): the same address updates the mailbox in place.
  const kept = reconnect?.settings;
  const initial = (kind: MailServerKind): ServerFields => {
    const server = kept?.[kind];
    return server
      ? { host: server.host, port: String(server.port), security: server.security, username: server.username, password: "" }
      : { host: "", port: String(defaultPort(kind, kind === "smtp" ? "starttls" : "tls")), security: kind === "smtp" ? "starttls" : "tls", username: "", password: "" };
  };
  const [email, setEmail] = useState(reconnect?.email ?? "");
  const [fromName, setFromName] = useState(reconnect?.fromName ?? "");
  const [smtp, setSmtp] = useState<ServerFields>(() => initial("smtp"));
  const [imap, setImap] = useState<ServerFields>(() => initial("imap"));
  const [imapHostTouched, setImapHostTouched] = useState(Boolean(kept));
  const [usernameTouched, setUsernameTouched] = useState(Boolean(kept));
  const [sameCredentials, setSameCredentials] = useState(!kept || kept.smtp.username === kept.imap.username);
  const test = useMutation(trpc.mailboxes.testConnection.mutationOptions());
  const connect = useMutation(trpc.mailboxes.connect.mutationOptions({ onSuccess: onConnected }));
  // The latest attempt's problems: a test after a failed connect (or the other way) replaces them.
  const [lastTried, setLastTried] = useState<"test" | "connect" | null>(null);
  const error = lastTried === "connect" ? connect.error : lastTried === "test" ? test.error : null;
  const errors = fieldErrors(error);
  if (sameCredentials) {
    // Problems of IMAP's sign-in are SMTP's fields when IMAP signs in the same way.
    for (const field of ["username", "password"]) if (errors[`imap.${field}`] && !errors[`smtp.${field}`]) errors[`smtp.${field}`] = errors[`imap.${field}`]!;
  }

  function server(fields: ServerFields, credentials: ServerFields) {
    return { host: fields.host.trim(), port: Number(fields.port), security: fields.security, username: credentials.username.trim() || undefined, password: credentials.password };
  }
  function input() {
    return {
      provider: "smtp" as const,
      email: email.trim(),
      fromName: fromName.trim() || undefined,
      smtp: server(smtp, smtp),
      imap: server(imap, sameCredentials ? smtp : imap),
    };
  }
  function changeSmtp(patch: Partial<ServerFields>) {
    setSmtp((current) => ({ ...current, ...patch }));
    if (patch.host !== undefined && !imapHostTouched) setImap((current) => ({ ...current, host: imapHostFor(patch.host!) ?? current.host }));
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLastTried("connect");
    test.reset();
    connect.mutate(input());
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Connect an SMTP and IMAP mailbox">
      <p className="text-sm text-slate-600">
        Herald sends through the SMTP server and reads replies over IMAP, signing in with the mailbox&apos;s password (kept encrypted). Both are
        tested before the mailbox is saved.
      </p>
      <ErrorAlert error={error} shownFields={SHOWN} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail address" htmlFor="smtp-email" error={errors.email}>
          <Input
            id="smtp-email"
            type="email"
            value={email}
            readOnly={Boolean(reconnect)}
            autoComplete="off"
            spellCheck={false}
            placeholder="ada@example.com"
            onChange={(event) => {
              setEmail(event.target.value);
              // The username is usually the address: it follows until the person types another.
              if (!usernameTouched) setSmtp((current) => ({ ...current, username: event.target.value.trim() }));
            }}
            aria-invalid={errors.email ? true : undefined}
          />
        </Field>
        <Field label="From name (optional)" htmlFor="smtp-from-name" error={errors.fromName}>
          <Input id="smtp-from-name" value={fromName} placeholder="Ada Lovelace" onChange={(event) => setFromName(event.target.value)} />
        </Field>
      </div>
      <ServerFieldset
        kind="smtp"
        value={smtp}
        errors={errors}
        sameCredentials={false}
        onChange={(patch) => {
          if (patch.username !== undefined) setUsernameTouched(true);
          changeSmtp(patch);
        }}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="size-4 rounded border-slate-300" checked={sameCredentials} onChange={(event) => setSameCredentials(event.target.checked)} />
        IMAP signs in with the same username and password
      </label>
      <ServerFieldset
        kind="imap"
        value={imap}
        errors={errors}
        sameCredentials={sameCredentials}
        onChange={(patch) => {
          if (patch.host !== undefined) setImapHostTouched(true);
          setImap((current) => ({ ...current, ...patch }));
        }}
      />
      {lastTried === "test" && test.isSuccess && (
        <Alert tone="success">
          <span data-testid="connection-test-result">Both servers answered and accepted the sign-in. Connect the mailbox to use it.</span>
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          disabled={test.isPending || connect.isPending}
          onClick={() => {
            setLastTried("test");
            connect.reset();
            test.mutate(input());
          }}
        >
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
        <Button type="submit" disabled={connect.isPending || test.isPending}>
          {connect.isPending ? "Connecting…" : reconnect ? "Reconnect" : "Connect"}
        </Button>
      </div>
    </form>
  );
}
