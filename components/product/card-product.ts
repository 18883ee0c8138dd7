import { cardImageOf } from "@/lib/catalog/card-image";
import type { Product } from "@/lib/data/contract/catalog";

/**
 * The fields a product card shows, its image the product's first: never the
 * details text or the other images, which would ride in every page's payload.
 */
export type CardProduct = Pick<Product, "id" | "name" | "priceCents" | "type"> & { image: string };

/** Picks a card's fields on the server, before the product crosses into the client card. */
export function toCardProduct(product: Product): CardProduct {
  return { id: product.id, name: product.name, priceCents: product.priceCents, image: cardImageOf(product), type: product.type };
}
