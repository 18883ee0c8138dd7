/**
 * The answer to a stream opened while this process holds as many as it may
 * (open-streams.ts): 503 with Retry-After, which the browser's backoff
 * (connection.ts) waits out. Every stream route answers it alike.
 */
import "server-only";
import { STREAMS_RETRY_AFTER_SECONDS } from "./open-streams";

export function streamsFull(): Response {
  return Response.json(
    { error: "The shop is busy: live updates will resume shortly." },
    { status: 503, headers: { "Cache-Control": "private, no-store", "Retry-After": String(STREAMS_RETRY_AFTER_SECONDS) } },
  );
}
