import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { MoreLikeThis } from "@/components/product/more-like-this";
import { ProductDetails } from "@/components/product/product-details";
import { ProductJsonLd } from "@/components/product/product-json-ld";
import { toCartProduct } from "@/lib/cart/cart-lines";
import { toCardProduct } from "@/components/product/card-product";
import { getNewestProducts, getProductById, getProductShown } from "@/lib/catalog/read";
import { CATALOG_TAG, productTag } from "@/lib/catalog/tags";
import { PRERENDERED_DETAILS_PAGES, detailsStaticParams } from "@/lib/catalog/static-params";
import { parseProductId } from "@/lib/data/contract/catalog";
import { productMetadata } from "@/lib/seo";

/**
 * The whole page must come from static output. For an id not prerendered at
 * build time, the first request then waits for that page to render instead of
 * being answered with a 200 App Shell: an unknown id reaches notFound() before
 * the response starts and gets a real 404 status (plus noindex in the head;
 * Next sends that 404's body as a client-rendered document). A product added
 * after the build is rendered, cached, and served statically from then on.
 * This also requires the layouts above to stay static (no cookies()/headers()).
 */
export const ensureStatic = "navigation";

interface DetailsPageProps {
  params: Promise<{ id: string }>;
}

/**
 * Every product known at build time is prerendered; ids added later render
 * on their first request and are cached from then on. An empty catalogue
 * yields one placeholder no product can have (it renders the not-found page).
 */
export async function generateStaticParams(): Promise<Array<{ id: string }>> {
  return detailsStaticParams(await getNewestProducts(PRERENDERED_DETAILS_PAGES));
}

export async function generateMetadata({ params }: DetailsPageProps): Promise<Metadata> {
  const id = parseProductId((await params).id);
  const product = id && (await getProductById(id));
  if (!product) return { title: "Product not found", robots: { index: false, follow: true } };
  return productMetadata(product);
}

export default async function DetailsPage({ params }: DetailsPageProps) {
  const id = parseProductId((await params).id);
  const shown = id && (await getProductShown(id));
  if (!shown) notFound();
  const { product, stock } = shown;
  return (
    <div className="page">
      <CatalogVersionMark tags={[CATALOG_TAG, productTag(product.id)]} />
      <ProductJsonLd product={product} outOfStock={stock.kind === "out"} />
      <ProductDetails
        product={product}
        stock={stock}
        actions={<AddToCartButton product={toCartProduct(toCardProduct(product))} outOfStock={stock.kind === "out"} />}
      />
      <MoreLikeThis product={product} />
    </div>
  );
}
