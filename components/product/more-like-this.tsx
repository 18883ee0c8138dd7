import { log } from "@/lib/log";
import { getMoreLikeThis } from "@/lib/catalog/more-like-this";
import type { StockShownById } from "@/lib/catalog/read";
import type { Product } from "@/lib/data/contract/catalog";
import { toCardProduct } from "./card-product";
import { ProductCard } from "./product-card";
import { ProductCarousel } from "./product-carousel";

type Around = Pick<Product, "id" | "type" | "priceCents">;

/**
 * "More like this" under a product's details (issue 41): the products of
 * its type nearest in price, in the spec's product carousel
 * (product-carousel.tsx). Nothing when the type has
 * no other product. A product's page is worth more than its neighbours: a
 * store that cannot answer this one query (down, or an index not deployed
 * yet: docs/DEPLOY.md section 6) leaves the section out, with an error line.
 */
export async function MoreLikeThis({ product }: { product: Around }) {
  const shown = await similarOrNothing(product);
  if (!shown || shown.products.length === 0) return null;
  return (
    <ProductCarousel title="More like this">
      {shown.products.map((similar) => (
        <ProductCard key={similar.id} product={toCardProduct(similar)} layout="carousel" rowOnPhone stock={shown.stock[similar.id]} />
      ))}
    </ProductCarousel>
  );
}

async function similarOrNothing(product: Around): Promise<{ products: Product[]; stock: StockShownById } | null> {
  try {
    return await getMoreLikeThis(product);
  } catch (error) {
    log.error("catalog.more_like_this_failed", "A product's page goes without 'More like this': the store did not answer", error, {
      productId: product.id,
    });
    return null;
  }
}
