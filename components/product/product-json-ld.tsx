import type { Product } from "@/lib/data/contract/catalog";
import { productJsonLd, serializeJsonLd } from "@/lib/seo";

/** schema.org Product data for search engines, safely escaped for inline HTML. */
export function ProductJsonLd({ product, outOfStock = false }: { product: Product; outOfStock?: boolean }) {
  return (
    <script
      type="application/ld+json"
      // serializeJsonLd escapes "<", so nothing in the data can close the script.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, undefined, { outOfStock })) }}
    />
  );
}
