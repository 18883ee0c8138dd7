/** The per-client limits (lib/security/rate-limit.ts): counted per key, refused with a wait and words. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isRateLimitedMessage } from "@/lib/security/rate-limit-messages";
import { consume, exhausted, RATE_LIMITS, recipientKey, tooManyRequests } from "@/lib/security/rate-limit";

describe("rate limits", () => {
  it("let each client through up to its limit, then refuse it alone, with a wait and words", async () => {
    const { points } = RATE_LIMITS.signIn;
    for (let i = 0; i < points; i += 1) assert.equal(await consume("signIn", "test-a"), null);
    const refused = await consume("signIn", "test-a");
    assert.ok(refused);
    assert.ok(refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= RATE_LIMITS.signIn.seconds);
    assert.match(refused.message, /^Too many sign-in attempts from your network/);
    assert.ok(isRateLimitedMessage(refused.message));
    assert.equal(await consume("signIn", "test-b"), null, "another client is not affected");
    assert.equal(await consume("searches", "test-a"), null, "another kind is not affected");
  });

  it("data downloads: 5 per client in 10 minutes, in the shopper's words", async () => {
    for (let i = 0; i < 5; i += 1) assert.equal(await consume("dataDownloads", "test-data"), null);
    const refused = await consume("dataDownloads", "test-data");
    assert.ok(refused);
    assert.ok(refused.retryAfterSeconds > 60 && refused.retryAfterSeconds <= 600);
    assert.match(refused.message, /^Too many downloads of your data from your network/);
  });

  it("checks an outcome's limit without counting the request itself", async () => {
    for (let i = 0; i < RATE_LIMITS.unknownProducts.points; i += 1) {
      assert.equal(await exhausted("unknownProducts", "test-c"), null);
      await consume("unknownProducts", "test-c");
    }
    assert.ok(await exhausted("unknownProducts", "test-c"));
    assert.equal(await exhausted("unknownProducts", "test-d"), null);
  });

  it("orders: 10 per client in 10 minutes, 5 to one recipient in an hour, the recipient's address however it is spelt (issue 38, item 17)", async () => {
    for (let i = 0; i < 10; i += 1) assert.equal(await consume("orders", "test-orders"), null);
    const client = await consume("orders", "test-orders");
    assert.match(client?.message ?? "", /^Too many orders from your network in a short time\. Please try again in 10 minutes\.$/);
    const spellings = [
      "victim@example.com",
      " Victim@Example.COM",
      "victim+1@example.com",
      "VICTIM+shop@example.com",
      "victim@example.com",
    ];
    for (const spelling of spellings) assert.equal(await consume("ordersToRecipient", recipientKey(spelling)), null, spelling);
    const recipient = await consume("ordersToRecipient", recipientKey("victim+6@example.com"));
    assert.match(recipient?.message ?? "", /^Too many orders to this email address in a short time\. Please try again in 60 minutes\.$/);
    assert.equal(await consume("ordersToRecipient", recipientKey("victim@example.org")), null, "another address is not affected");
    assert.doesNotMatch(recipientKey("victim@example.com"), /victim|example/, "no address is held as such");
  });

  it("order links: 5 per client in 15 minutes, 3 for one address in an hour (issue 38, item 7)", async () => {
    for (let i = 0; i < 5; i += 1) assert.equal(await consume("orderLinks", "test-links"), null);
    assert.match(
      (await consume("orderLinks", "test-links"))?.message ?? "",
      /^Too many requests for order links from your network in a short time\. Please try again in 15 minutes\.$/,
    );
    for (let i = 0; i < 3; i += 1) assert.equal(await consume("orderLinksToRecipient", recipientKey("gwen@example.com")), null);
    assert.ok(await consume("orderLinksToRecipient", recipientKey("Gwen+orders@Example.com")));
  });

  it("password resets: 5 per client in 15 minutes, 3 for one address in an hour (issue 43, item 1)", async () => {
    for (let i = 0; i < 5; i += 1) assert.equal(await consume("passwordResets", "test-resets"), null);
    assert.match(
      (await consume("passwordResets", "test-resets"))?.message ?? "",
      /^Too many requests for a new password from your network in a short time\. Please try again in 15 minutes\.$/,
    );
    for (let i = 0; i < 3; i += 1) assert.equal(await consume("passwordResetsToRecipient", recipientKey("rita@example.com")), null);
    assert.ok(await consume("passwordResetsToRecipient", recipientKey("Rita+reset@Example.com")));
  });

  it("a factor multiplies every limit", async () => {
    for (let i = 0; i < RATE_LIMITS.health.points * 3; i += 1) assert.equal(await consume("health", "test-e", 3), null);
    assert.ok(await consume("health", "test-e", 3));
  });

  it("answers 429 in plain text (as Next's client passes it on), Retry-After, never cached", async () => {
    const response = tooManyRequests({
      retryAfterSeconds: 12,
      message: "Too many searches from your network in a short time. Please try again in 12 seconds.",
    });
    assert.equal(response.status, 429);
    assert.equal(response.headers.get("content-type"), "text/plain");
    assert.equal(response.headers.get("retry-after"), "12");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.match(await response.text(), /^Too many searches/);
  });
});
