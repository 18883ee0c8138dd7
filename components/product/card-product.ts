import type { Product } from "@/lib/data/contract/catalog";

/** The fields a product card shows: never the details text, which would ride in every page's payload. */
export type CardProduct = Pick<Product, "id" | "name" | "priceCents" | "image" | "type">;

/** Picks a card's fields on the server, before the product crosses into the client card. */
export function toCardProduct(product: CardProduct): CardProduct {
  return { id: product.id, name: product.name, priceCents: product.priceCents, image: product.image, type: product.type };
}
