// Loaded into the framework floor with --import (floor-throughput.mjs's
// context rounds): what the shop's lib/log/track-requests.ts does for each
// request, alone. An AsyncLocalStorage is entered as Node announces the
// request, so every promise the request makes carries it; on Node 20 that
// switches on async_hooks' promise hook for the whole process.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";

const storage = new AsyncLocalStorage();

diagnostics.subscribe("http.server.request.start", ({ request, response }) => {
  const reqId = randomBytes(12).toString("base64url");
  response.setHeader("x-request-id", reqId);
  storage.enterWith({ reqId, route: request.url });
});
