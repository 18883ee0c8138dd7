/**
 * A batch of adds to one Firestore cart (lib/data/firestore/cart-adds.ts),
 * pure: applied in arrival order as if each ran alone, each refused on its
 * own when it would pass a cap or names a deleted product.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { newCartLine } from "@/lib/data/rules/cart-bounds";
import { isStoreError } from "@/lib/data/contract/errors";
import { applyCartAdds, type CartAdd, type CartAddsStart } from "@/lib/data/firestore/cart-adds";
import type { CartItem, CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import { LIMITS } from "@/lib/data/contract/limits";
import { product } from "./helpers/fixtures";

const owner: CartOwner = "user:batch";
const AT = Date.UTC(2030, 0, 1);
const lamp = product("lamp", 1);
const mug = product("mug", 2);
const vase = product("vase", 3);

function start(lines: CartItem[], count = lines.length, products: Product[] = [lamp, mug, vase]): CartAddsStart {
  return {
    lines: count,
    line: (id) => lines.find((line) => line.productId === id) ?? null,
    product: (id) => products.find((p) => p.id === id) ?? null,
    newLine: (p, quantity) => newCartLine(owner, p, quantity, AT),
  };
}
const add = (productId: string, quantity = 1): CartAdd => ({ owner, productId, quantity });
const summary = (outcome: ReturnType<typeof applyCartAdds>["outcomes"][number]) =>
  outcome.ok
    ? `${outcome.value.item.productId}=${outcome.value.item.quantity}${outcome.value.created ? " new" : ""}`
    : isStoreError(outcome.error)
      ? `${outcome.error.code} ${Object.keys(outcome.error.fields).join(",")}`
      : String(outcome.error);

describe("applyCartAdds", () => {
  it("applies adds in arrival order: the first creates a line, the later ones see its quantity", () => {
    const result = applyCartAdds(start([]), [add("lamp"), add("mug", 2), add("lamp", 3)]);
    assert.deepEqual(result.outcomes.map(summary), ["lamp=1 new", "mug=2 new", "lamp=4"]);
    assert.deepEqual([...result.created], ["lamp", "mug"]);
    assert.deepEqual(
      [...result.changed.values()].map((line) => [line.productId, line.quantity]),
      [
        ["lamp", 4],
        ["mug", 2],
      ],
    );
  });

  it("refuses each add on its own: past a line's units, or a product no longer there", () => {
    const full = newCartLine(owner, lamp, LIMITS.lineQuantityMax - 1, AT);
    const result = applyCartAdds(start([full], 1, [lamp, mug]), [add("lamp", 2), add("vase"), add("lamp"), add("mug")]);
    assert.deepEqual(result.outcomes.map(summary), [
      "limit_exceeded lineQuantityMax",
      "not_found ",
      `lamp=${LIMITS.lineQuantityMax}`,
      "mug=1 new",
    ]);
  });

  it(`counts the lines it creates: in a cart of ${LIMITS.cartLinesMax - 1} the first new line fits and the next is refused; more of a line still fits`, () => {
    const lines = [newCartLine(owner, lamp, 1, AT)];
    const result = applyCartAdds(start(lines, LIMITS.cartLinesMax - 1), [add("mug"), add("vase"), add("lamp"), add("mug")]);
    assert.deepEqual(result.outcomes.map(summary), ["mug=1 new", "limit_exceeded cartLinesMax", "lamp=2", "mug=2"]);
    assert.deepEqual([...result.created], ["mug"]);
  });
});
