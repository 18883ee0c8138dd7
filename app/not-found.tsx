import Link from "next/link";

export default function NotFound() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p className="status-text">
        no posts. <Link href="/">Back to the shop</Link>
      </p>
    </div>
  );
}
