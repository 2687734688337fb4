// The campaign journeys' two sandbox senders, connected over the REST API.
import { expect, uniqueTag, type RestApi } from "./own-workspace";

export const SENDERS = [
  { name: "dana.fischer", tag: "+premium", label: "Dana Fischer" },
  { name: "eli.novak", tag: "", label: "Eli Novak" },
] as const;

/** Two sandbox senders of the test's own (members nobody else connects), Dana premium, on Berlin time. */
export async function connectSenders(api: RestApi): Promise<Array<{ id: string; label: string }>> {
  const suffix = uniqueTag();
  const senders: Array<{ id: string; label: string }> = [];
  for (const { name, tag, label } of SENDERS) {
    const response = await api.post("/accounts", { username: `${name}.${suffix}${tag}@example.com`, password: "any password will do", label, timezone: "Europe/Berlin" });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("connected");
    senders.push({ id: body.data.id, label });
  }
  return senders;
}
