// The embedded event API answers alike over HTTP and in-process: a wrong event key is a 401, events
// reach the executor and their ids come back, and the same request goes through either way.
import { afterEach, expect, it } from "vitest";
import { startEventApi, type EventApi, type EventReceiver } from "./event-api";
import type { IncomingEvent } from "./executor";

let api: EventApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

function executorReceiving(received: IncomingEvent[]): EventReceiver {
  return {
    async receiveEvents(events: IncomingEvent[]) {
      received.push(...events);
      return events.map((_, index) => `evt_${received.length - events.length + index}`);
    },
    async sync() {},
  };
}

it("takes events in-process as over HTTP, and refuses a wrong event key either way", async () => {
  const received: IncomingEvent[] = [];
  const executor = executorReceiving(received);
  api = await startEventApi({ eventKey: "right-key", executor: () => executor });
  const body = JSON.stringify([{ name: "herald/a", data: {} }, { name: "herald/b", data: {} }, { data: {} }]);

  const inProcess = await api.transport(`${api.url}/e/right-key`, { method: "POST", body });
  expect(inProcess.status).toBe(200);
  expect(await inProcess.json()).toEqual({ ids: ["evt_0", "evt_1"], status: 200 });

  const overHttp = await fetch(`${api.url}/e/right-key`, { method: "POST", body });
  expect(await overHttp.json()).toEqual({ ids: ["evt_2", "evt_3"], status: 200 });
  expect(received.map((event) => event.name)).toEqual(["herald/a", "herald/b", "herald/a", "herald/b"]);

  const wrong = await api.transport(`${api.url}/e/wrong-key`, { method: "POST", body });
  expect(wrong.status).toBe(401);
  expect((await fetch(`${api.url}/e/wrong-key`, { method: "POST", body })).status).toBe(401);
  expect(received).toHaveLength(4);
});

it("answers 503 while the executor is starting, and 404 for anything else", async () => {
  api = await startEventApi({ eventKey: "k", executor: () => null });
  expect((await api.transport(`${api.url}/e/k`, { method: "POST", body: "[]" })).status).toBe(503);
  expect((await api.transport(`${api.url}/nothing`, { method: "GET" })).status).toBe(404);
});
