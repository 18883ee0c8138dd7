// The Stripe stand-in's small HTTP pieces (scripts/stripe-stand-in.mjs):
// Stripe-like random ids, reading a request body, and writing JSON, HTML and
// redirects.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A random id with Stripe's prefix for its kind: cs_test_…, pi_…, ch_…, re_…, evt_…, req_…. */
export function randomId(prefix, length = 24) {
  const bytes = randomBytes(length);
  let id = prefix;
  // 62 * 4 = 248 ≤ 256: a byte modulo 62 is near-uniform, enough for ids that need to be unique, not secret.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** The largest request body read; Stripe's own API refuses far smaller bodies than this anyway. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The body as text; null when it is larger than MAX_BODY_BYTES. */
export function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** A JSON answer, pretty-printed as Stripe's are. */
export function sendJson(response, status, body, headers = {}) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-cache, no-store",
    ...headers,
  });
  response.end(JSON.stringify(body, null, 2) + "\n");
}

export function sendHtml(response, status, html) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  response.end(html);
}

/** 303 See Other: after a form POST, the browser GETs `location`. */
export function redirect(response, location) {
  response.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  response.end();
}
