import { SignForms } from "@/components/auth/sign-forms";
import { SignInReason } from "@/components/auth/sign-in-reason";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Sign in or create an account",
  description: "Sign in to Storefront, or create an account with your email and a display name.",
  path: "/sign-page",
  noindex: true,
});

export default function SignPage() {
  return (
    <div className="page">
      <SignInReason />
      <SignForms />
    </div>
  );
}
