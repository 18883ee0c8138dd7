/**
 * How a stream route answers once it has decided who may listen: it takes a
 * slot of the process's stream cap (open-streams.ts; none left is 503 with
 * Retry-After, streams-full.ts), opens its stream with the slot's release as
 * the stream's end, and answers it as Server-Sent Events. A store that cannot
 * answer while the stream opens is a 503 the browser backs off from; the slot
 * is given back. Any other failure is the route's error.
 */
import "server-only";
import { storeUnavailableJson } from "@/lib/cart/unavailable-response";
import { isStoreError } from "@/lib/data/contract/errors";
import { takeStreamSlot } from "./open-streams";
import { SSE_HEADERS } from "./sse";
import { streamsFull } from "./streams-full";

export async function sseResponse(open: (onEnd: () => void) => Promise<ReadableStream<Uint8Array>>): Promise<Response> {
  const release = takeStreamSlot();
  if (!release) return streamsFull();
  try {
    return new Response(await open(release), { headers: SSE_HEADERS });
  } catch (error) {
    release();
    if (!isStoreError(error, "unavailable")) throw error;
    return storeUnavailableJson();
  }
}
