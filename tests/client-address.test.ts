/**
 * The rate limits' key (lib/security/client-address.ts,
 * stamp-client-address.ts): the socket's address, or the one a configured
 * number of trusted proxies saw; never a header a client wrote alone.
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { describe, it } from "node:test";
import {
  addressBehindProxies,
  CLIENT_ADDRESS_HEADER,
  clientKey,
  normalizeAddress,
  stampedAddress,
  UNKNOWN_ADDRESS,
} from "@/lib/security/client-address";
import { stampClientAddresses, stampToken } from "@/lib/security/stamp-client-address";

describe("the client's address", () => {
  it("is the socket's with no trusted proxy, whatever X-Forwarded-For claims", () => {
    assert.equal(addressBehindProxies("6.6.6.6", "127.0.0.5", 0), "127.0.0.5");
    assert.equal(addressBehindProxies(undefined, "::ffff:127.0.0.5", 0), "127.0.0.5");
  });

  it("is the entry each trusted proxy hop back, and the leftmost when the chain is shorter", () => {
    // client -> proxy A (appends client) -> proxy B (appends A) -> shop (socket: B)
    assert.equal(addressBehindProxies("203.0.113.7, 10.0.0.2", "10.0.0.3", 2), "203.0.113.7");
    assert.equal(
      addressBehindProxies("6.6.6.6, 203.0.113.7", "10.0.0.3", 1),
      "203.0.113.7",
      "a forged entry left of the trusted one is ignored",
    );
    assert.equal(addressBehindProxies("203.0.113.7", "10.0.0.3", 3), "203.0.113.7");
    assert.equal(addressBehindProxies(undefined, undefined, 0), UNKNOWN_ADDRESS);
  });

  it("normalises IPv4-mapped IPv6 and case", () => {
    assert.equal(normalizeAddress("::FFFF:10.1.2.3"), "10.1.2.3");
    assert.equal(normalizeAddress("2001:DB8::1"), "2001:db8::1");
  });

  it("keys an IPv6 client by its /64 (one host usually holds a whole /64), an IPv4 client by its address", () => {
    for (const [address, key] of [
      ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
      ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
      ["2001:db8::1", "2001:db8:0:0::/64"],
      ["2001:db8:1:2::", "2001:db8:1:2::/64"],
      ["::1", "0:0:0:0::/64"],
      ["fe80::1%eth0", "fe80:0:0:0::/64"],
      ["2001:db8:1:2:3:4:192.0.2.1", "2001:db8:1:2::/64"],
      ["203.0.113.7", "203.0.113.7"],
      ["unknown", "unknown"],
      ["not:an:address:at:all", "not:an:address:at:all"],
    ]) {
      assert.equal(clientKey(address), key, address);
    }
    assert.equal(clientKey("2001:db8:1:2::a"), clientKey("2001:db8:1:2:ffff::b"), "neighbours in one /64 are one client");
    assert.notEqual(clientKey("2001:db8:1:2::a"), clientKey("2001:db8:1:3::a"), "the next /64 is another");
  });

  it("believes a stamp only with this process's token", () => {
    assert.equal(stampedAddress("secret 127.0.0.9", "secret"), "127.0.0.9");
    assert.equal(stampedAddress("guess 127.0.0.9", "secret"), null);
    assert.equal(stampedAddress(" 127.0.0.9", "secret"), null);
    assert.equal(stampedAddress(null, "secret"), null);
  });

  it("is stamped on every request a server of this process accepts, overwriting the client's own header", async () => {
    stampClientAddresses(0);
    const token = stampToken();
    assert.ok(token);
    const seen: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers[CLIENT_ADDRESS_HEADER] as string | undefined);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/`, {
      headers: { [CLIENT_ADDRESS_HEADER]: `${token.slice(0, 4)} 1.2.3.4`, "x-forwarded-for": "1.2.3.4" },
    });
    server.close();
    assert.deepEqual(seen, [`${token} 127.0.0.1`]);
  });
});
