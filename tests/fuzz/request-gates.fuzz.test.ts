/**
 * Fuzzes what a stranger controls in the request gates of this turn: the
 * X-Forwarded-For chain and the stamp header behind the rate limits' key
 * (lib/security/client-address.ts), and the body, type, origin and length of
 * a form posted without JavaScript (lib/security/action-request.ts
 * refuseFormPost). Nothing may throw; a key is always one address the chain
 * or the socket named, or "unknown"; a stamp is believed only with the
 * process's token; a gate answers 403 or 413 or lets the post through, and
 * lets nothing over 1 MB through.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { addressBehindProxies, normalizeAddress, stampedAddress, UNKNOWN_ADDRESS } from "@/lib/security/client-address";
import { ACTION_BODY_LIMIT_BYTES, refuseFormPost } from "@/lib/security/action-request";
import { FUZZ_SEED } from "../helpers/bad-inputs";

const RUNS = 1_000;
const entry = fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 40 }), fc.constantFrom("", " ", "unknown", "::ffff:1.2.3.4"));

describe("request gates under generated input", () => {
  test("the key is an address the chain or the socket named, never anything else", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 8 }),
        fc.option(fc.ipV4(), { nil: undefined }),
        fc.integer({ min: 0, max: 5 }),
        (chain, socket, hops) => {
          const forwardedFor = chain.join(",");
          const key = addressBehindProxies(forwardedFor, socket, hops);
          const named = [...forwardedFor.split(",").map((e) => e.trim()), socket ?? ""].filter(Boolean).map(normalizeAddress);
          assert.ok(
            key === UNKNOWN_ADDRESS || named.includes(key),
            `${JSON.stringify(key)} from ${JSON.stringify({ forwardedFor, socket, hops })}`,
          );
          if (hops === 0 && socket) assert.equal(key, normalizeAddress(socket), "no trusted proxy: the socket's address");
        },
      ),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  test("a stamp is believed only with the token", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.string({ minLength: 1, maxLength: 30 }).filter((t) => !t.includes(" ")),
        (header, token) => {
          const address = stampedAddress(header, token);
          if (address !== null) assert.ok(header.startsWith(`${token} `));
        },
      ),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  test("a no-JS form post is let through, or refused 400 (a body that is no form) / 403 / 413; nothing over 1 MB passes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          origin: fc.option(fc.oneof(fc.webUrl(), fc.constant("http://localhost"), fc.string({ maxLength: 30 })), { nil: null }),
          contentLength: fc.option(fc.oneof(fc.nat().map(String), fc.string({ maxLength: 12 })), { nil: null }),
          size: fc.oneof(
            fc.nat({ max: 4096 }),
            fc.constantFrom(ACTION_BODY_LIMIT_BYTES, ACTION_BODY_LIMIT_BYTES + 1, 3 * ACTION_BODY_LIMIT_BYTES),
          ),
          chunk: fc.integer({ min: 1, max: 256 * 1024 }),
        }),
        async ({ origin, contentLength, size, chunk }) => {
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent >= size) return controller.close();
              const n = Math.min(chunk, size - sent);
              sent += n;
              controller.enqueue(new Uint8Array(n));
            },
          });
          const refusal = await refuseFormPost({
            origin,
            host: "localhost",
            forwardedHost: null,
            contentType: "multipart/form-data; boundary=x",
            contentLength,
            body: () => body,
          });
          assert.ok(refusal === null || [400, 403, 413].includes(refusal.status), JSON.stringify(refusal));
          if (refusal === null) assert.ok(size <= ACTION_BODY_LIMIT_BYTES, `a ${size}-byte body passed`);
        },
      ),
      { numRuns: 200, seed: FUZZ_SEED },
    );
  });
});
