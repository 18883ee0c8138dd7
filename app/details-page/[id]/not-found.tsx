import Link from "next/link";

/**
 * notFound() in the details page: the spec's "no posts". Unknown ids are
 * normally answered before the page renders (proxy.ts with
 * lib/catalog/product-exists.ts), because Next sends this one with an empty
 * body until JavaScript runs; it remains for when the proxy could not ask
 * the store and the page then found no product.
 */
export default function ProductNotFound() {
  return (
    <div className="page">
      <h1>Product not found</h1>
      <p className="status-text">no posts</p>
      <p>
        <Link href="/">Back to the shop</Link>
      </p>
    </div>
  );
}
