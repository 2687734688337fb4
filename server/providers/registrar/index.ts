// The installation's registrar: the sandbox (default) or Name.com (HERALD_REGISTRAR=namecom with
// HERALD_NAMECOM_USERNAME and HERALD_NAMECOM_TOKEN; docs/mailbox-orders.md).
import { env, type Env } from "../../env";
import type { Registrar } from "./types";

const slot: typeof globalThis & { __heraldRegistrar?: Registrar } = globalThis;

export async function registrarFromEnv(settings: Env): Promise<Registrar> {
  switch (settings.HERALD_REGISTRAR) {
    case "namecom": {
      const { createNamecomRegistrar, NAMECOM_API_URL } = await import("./namecom/namecom-registrar");
      return createNamecomRegistrar({
        baseUrl: settings.HERALD_NAMECOM_URL ?? NAMECOM_API_URL,
        username: settings.HERALD_NAMECOM_USERNAME!,
        token: settings.HERALD_NAMECOM_TOKEN!,
      });
    }
    default: {
      const { createSandboxRegistrar } = await import("./sandbox/sandbox-registrar");
      return createSandboxRegistrar();
    }
  }
}

export async function getRegistrar(): Promise<Registrar> {
  slot.__heraldRegistrar ??= await registrarFromEnv(env());
  return slot.__heraldRegistrar;
}

/** Tests replace the registrar (e.g. to record calls or fail); undefined restores the configured one. */
export function setRegistrar(registrar: Registrar | undefined): void {
  slot.__heraldRegistrar = registrar;
}
