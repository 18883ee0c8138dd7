import { ProductGrid } from "@/components/product/product-grid";
import { getCatalog } from "@/lib/catalog/read";

export default async function HomePage() {
  const products = await getCatalog();
  return (
    <div className="page">
      <h1>Shop the catalogue</h1>
      {products.length === 0 ? (
        <p className="status-text">no posts</p>
      ) : (
        <ProductGrid products={products} priorityCount={4} />
      )}
    </div>
  );
}
