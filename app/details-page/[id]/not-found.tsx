import Link from "next/link";

/**
 * An unknown product id: the spec's "no posts". notFound() gives the status
 * 404 and the noindex tag; the page's generateMetadata sets the title.
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
