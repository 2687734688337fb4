// The HTTP side of the Pipedrive provider: one axios instance per connection handed to the official
// client's API factories (pipedrive v33). The client's own instances answer a failure with the
// response body alone, which drops the status and the rate-limit headers; ours keeps both and
// turns every refusal into a CrmError in plain words (Pipedrive: "HTTP status codes", "Rate limiting").
import axios, { type AxiosError, type AxiosInstance } from "axios";
import { v1, v2 } from "pipedrive";
import { CrmError } from "../types";

/** Pipedrive's error body: `{success: false, error, error_info, data: null, additional_data: null}`. */
interface PipedriveErrorBody {
  success?: boolean;
  error?: string;
  error_info?: string;
  code?: string;
}

function errorText(data: unknown): string | null {
  if (data && typeof data === "object" && "error" in data) {
    const body = data as PipedriveErrorBody;
    if (typeof body.error === "string" && body.error.trim() !== "") return body.error.trim();
  }
  return null;
}

function headerSeconds(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** A Pipedrive answer (or its absence) as a CrmError. */
export function pipedriveError(error: unknown): CrmError {
  if (error instanceof CrmError) return error;
  if (!axios.isAxiosError(error)) return new CrmError("unavailable", `Pipedrive could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  const failure = error as AxiosError;
  const response = failure.response;
  if (!response) return new CrmError("unavailable", `Pipedrive could not be reached (${failure.code ?? failure.message}).`, { cause: error });
  const said = errorText(response.data);
  const status = response.status;
  // An expired or just-rotated access token is a 401 too: the sync core renews and tries once more,
  // and only a renewal Pipedrive refuses (or a second 401) disconnects.
  if (status === 401) return new CrmError("token-expired", "Pipedrive did not accept Herald's access token (it expired or was replaced).", { cause: error });
  if (status === 402) return new CrmError("revoked", "The Pipedrive company account is not open (trial ended or payment missing).", { cause: error });
  if (status === 429) {
    const retryAfterSeconds = headerSeconds(response.headers["retry-after"]) ?? headerSeconds(response.headers["x-ratelimit-reset"]) ?? 2;
    return new CrmError("rate-limited", `Pipedrive's rate limit was reached; Herald retries in ${retryAfterSeconds} seconds.`, { retryAfterSeconds, cause: error });
  }
  if (status === 404 || status === 410) return new CrmError("not-found", `Pipedrive has no such record${said ? ` (${said})` : ""}.`, { cause: error });
  if (status >= 500) return new CrmError("unavailable", `Pipedrive is not answering properly (HTTP ${status}); Herald retries later.`, { cause: error });
  return new CrmError("rejected", `Pipedrive refused the request: ${said ?? `HTTP ${status}`}.`, { cause: error });
}

/** An axios instance whose answers are the body (as the client's typings say) and whose failures are CrmErrors. */
export function pipedriveAxios(): AxiosInstance {
  const instance = axios.create({ timeout: 30_000 });
  instance.interceptors.response.use(
    (response) => response.data,
    (error: unknown) => Promise.reject(pipedriveError(error)),
  );
  return instance;
}

/** Where a connection's API lives: the stand-in's URL when configured, else the company's api_domain. */
export function pipedriveApiDomain(apiBaseUrl: string | null, instanceUrl: string | null): string {
  const domain = apiBaseUrl ?? instanceUrl;
  if (!domain) throw new CrmError("revoked", "The Pipedrive connection has no company address: reconnect Pipedrive in Settings → Integrations.");
  return domain.replace(/\/+$/, "");
}

/**
 * Herald only sends a Pipedrive token to Pipedrive: an api_domain from a token response must be an
 * https address under pipedrive.com (a stand-in is configured through apiBaseUrl, which skips this).
 */
export function checkPipedriveApiDomain(apiDomain: string): string {
  let url: URL;
  try {
    url = new URL(apiDomain);
  } catch {
    throw new CrmError("rejected", "Pipedrive answered with a company address that is not a web address.");
  }
  if (url.protocol !== "https:" || !(url.hostname === "pipedrive.com" || url.hostname.endsWith(".pipedrive.com"))) {
    throw new CrmError("rejected", `Pipedrive answered with a company address outside pipedrive.com (${url.hostname}); Herald does not send tokens there.`);
  }
  return url.origin;
}

export interface PipedriveApis {
  persons: ReturnType<typeof v2.PersonsApiFactory>;
  personFields: ReturnType<typeof v2.PersonFieldsApiFactory>;
  organizations: ReturnType<typeof v2.OrganizationsApiFactory>;
  deals: ReturnType<typeof v2.DealsApiFactory>;
  pipelines: ReturnType<typeof v2.PipelinesApiFactory>;
  stages: ReturnType<typeof v2.StagesApiFactory>;
  notes: ReturnType<typeof v1.NotesApiFactory>;
  filters: ReturnType<typeof v1.FiltersApiFactory>;
  users: ReturnType<typeof v1.UsersApiFactory>;
}

/** The official client's APIs for one company, authenticated with the connection's access token. */
export function pipedriveApis(apiDomain: string, accessToken: string): PipedriveApis {
  const http = pipedriveAxios();
  const v2Path = `${apiDomain}/api/v2`;
  const v1Path = `${apiDomain}/api/v1`;
  const v2Config = new v2.Configuration({ accessToken, basePath: v2Path });
  const v1Config = new v1.Configuration({ accessToken, basePath: v1Path });
  return {
    persons: v2.PersonsApiFactory(v2Config, v2Path, http),
    personFields: v2.PersonFieldsApiFactory(v2Config, v2Path, http),
    organizations: v2.OrganizationsApiFactory(v2Config, v2Path, http),
    deals: v2.DealsApiFactory(v2Config, v2Path, http),
    pipelines: v2.PipelinesApiFactory(v2Config, v2Path, http),
    stages: v2.StagesApiFactory(v2Config, v2Path, http),
    notes: v1.NotesApiFactory(v1Config, v1Path, http),
    filters: v1.FiltersApiFactory(v1Config, v1Path, http),
    users: v1.UsersApiFactory(v1Config, v1Path, http),
  };
}
