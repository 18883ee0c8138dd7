/**
 * The admin pages' own check (lib/admin/admin-proof.ts, which each page
 * runs through components/admin/admin-gate.tsx) and the reads it guards
 * (lib/admin/admin-reads.ts). proxy.ts answers first on a real server, so
 * the end-to-end suite cannot show the page refusing on its own: here the
 * check is given the session a request would carry, with no proxy in front,
 * and the reads are called with and without its proof, against a real
 * SQLite store.
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, afterEach, before, describe, it, mock } from "node:test";
import type * as ProofModule from "@/lib/admin/admin-proof";
import type * as ReadsModule from "@/lib/admin/admin-reads";
import type * as DataModule from "@/lib/data";
import type { Store } from "@/lib/data/types";
import { product } from "./helpers/fixtures";
import { setUpServerEnv } from "./helpers/server-env";

const dir = setUpServerEnv("admin-page-guard-");

let adminPageAccess: typeof ProofModule.adminPageAccess;
let readProductRecord: typeof ReadsModule.readProductRecord;
let readProductList: typeof ReadsModule.readProductList;
let store: Store;
const lamp = product("desk-lamp", 1, "Electronics", { name: "Lamp", price: 40 });
const ADMIN = { uid: "uid-ada", name: "Ada", email: "ada@example.com", isAdmin: true };
const SHOPPER = { uid: "uid-eve", name: "Eve", email: "eve@example.com", isAdmin: false };

before(async () => {
  ({ adminPageAccess } = await import("@/lib/admin/admin-proof"));
  ({ readProductRecord, readProductList } = await import("@/lib/admin/admin-reads"));
  store = await ((await import("@/lib/data")) as typeof DataModule).getStore();
  await store.upsertProducts([lamp]);
  const { revision } = (await store.getProductRevision(lamp.id))!;
  const { name, image, details, type } = lamp;
  await store.updateProduct(lamp.id, { name, image, details, type, price: 45 }, revision, ADMIN.email);
});

afterEach(() => mock.restoreAll());

after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's check with the request's session user as given (what currentUser() would answer). */
const pageAccessWith = (user: Parameters<typeof ProofModule.adminProofOf>[0]) => adminPageAccess(async () => user);

describe("an admin page's own check, with no proxy in front", () => {
  it("refuses a signed-in shopper: not an admin (the page redirects to /admin-signin), and no proof to read with", async () => {
    assert.equal(await pageAccessWith(SHOPPER), "not_admin");
  });

  it("refuses a request without a session the same way", async () => {
    assert.equal(await pageAccessWith(null), "not_admin");
  });

  it("neither refuses nor admits a session the store could not check", async () => {
    assert.equal(await pageAccessWith("unavailable"), "unavailable");
  });

  it("gives an admin, as checked now, a proof the reads accept", async () => {
    const access = await pageAccessWith(ADMIN);
    assert.ok(typeof access === "object", `an admin's proof, not ${String(access)}`);
    assert.equal(access.uid, ADMIN.uid);
    const record = await readProductRecord(access, lamp.id);
    assert.equal(record.current?.product.price, 45);
    assert.deepEqual(
      record.changes.map((change) => change.by),
      [ADMIN.email],
    );
  });
});

describe("the admin reads take proof of an admin caller", () => {
  it("refuse a made-up proof before reading anything", async () => {
    const revision = mock.method(store, "getProductRevision");
    const changes = mock.method(store, "listProductChanges");
    const listed = mock.method(store, "listProducts");
    const forged = Object.freeze({ uid: ADMIN.uid }) as unknown as ProofModule.AdminProof;
    await assert.rejects(readProductRecord(forged, lamp.id), /without proof of an admin caller/);
    await assert.rejects(readProductList(forged, {}), /without proof of an admin caller/);
    assert.equal(revision.mock.callCount() + changes.mock.callCount() + listed.mock.callCount(), 0);
  });

  it("read a malformed id as no product", async () => {
    const access = await pageAccessWith(ADMIN);
    assert.ok(typeof access === "object");
    assert.deepEqual(await readProductRecord(access, "a/b"), { current: null, changes: [] });
  });
});
