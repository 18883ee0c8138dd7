import { AdminSignInForm } from "@/components/auth/admin-sign-in-form";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Admin sign-in",
  description: "Sign in as a Storefront admin to add products to the catalogue.",
  path: "/admin-signin",
  noindex: true,
});

export default function AdminSignInPage() {
  return (
    <div className="page">
      <AdminSignInForm />
    </div>
  );
}
