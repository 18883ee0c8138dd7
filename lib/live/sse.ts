/**
 * Server-Sent Events framing. One place knows the wire format, so the events
 * route stays about what is sent, not how; which events exist and what they
 * carry is the live protocol's (lib/live/protocol.ts), or the order desk's
 * (lib/live/order-desk-protocol.ts).
 */
import type { LiveEventData, LiveEventName } from "./protocol";

const encoder = new TextEncoder();

export function sseEvent<Name extends LiveEventName>(event: Name, data: LiveEventData[Name]): Uint8Array {
  return sseEventOf<LiveEventData>()(event, data);
}

/** The framing of another stream's events (the order desk's: order-desk-protocol.ts), typed by its own event map. */
export function sseEventOf<EventData>(): <Name extends keyof EventData & string>(event: Name, data: EventData[Name]) => Uint8Array {
  return (event, data) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: keeps proxies from closing an idle connection. */
export function sseComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}

/** How long a browser waits before reconnecting after the stream drops. */
export function sseRetry(ms: number): Uint8Array {
  return encoder.encode(`retry: ${ms}\n\n`);
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  // Tell nginx-style proxies not to buffer the stream.
  "X-Accel-Buffering": "no",
} as const;
