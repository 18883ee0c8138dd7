/**
 * Requests from a chosen loopback address (127.0.0.x), so one test process
 * can be many clients: the shop keys its rate limits on the socket's address
 * (lib/security/client-address.ts). A fetch-shaped function over node:http
 * with `localAddress`; a ReadableStream body is sent chunked, without a
 * Content-Length, as a client that declares nothing would.
 */
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";

export type AddressFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** The body's bytes and type as fetch would send them, or a stream to send chunked. */
async function encode(init: RequestInit): Promise<{ bytes?: Buffer; stream?: Readable; contentType?: string }> {
  if (init.body === undefined || init.body === null) return {};
  if (init.body instanceof ReadableStream) return { stream: Readable.fromWeb(init.body as import("node:stream/web").ReadableStream) };
  const encoded = new Request("http://x/", { method: "POST", body: init.body });
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? undefined };
}

export function fetchFrom(localAddress: string): AddressFetch {
  return async (url, init = {}) => {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const { bytes, stream, contentType } = await encode(init);
    if (contentType && !headers.has("content-type")) headers.set("content-type", contentType);
    if (bytes) headers.set("content-length", String(bytes.byteLength));
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? "GET",
          headers: { ...Object.fromEntries(headers), host: target.host },
          localAddress,
          signal: init.signal ?? undefined,
        },
        (incoming) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ""]) responseHeaders.append(name, one);
          }
          const status = incoming.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, headers: responseHeaders }));
        },
      );
      outgoing.on("error", reject);
      if (stream) stream.pipe(outgoing);
      else outgoing.end(bytes);
    });
  };
}
