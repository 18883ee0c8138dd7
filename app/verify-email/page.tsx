import styles from "@/components/auth/forms.module.css";
import { VerifyEmailView } from "@/components/account/verify-email-view";
import { VERIFY_EMAIL_PATH } from "@/lib/account/email-verification-state";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Verify your email address",
  description: "Confirm the email address of your Storefront account.",
  path: VERIFY_EMAIL_PATH,
  noindex: true,
});

/** Where a verification email leads (components/account/verify-email-view.tsx applies its code). */
export default function VerifyEmailPage() {
  return (
    <div className="page">
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="verify-email-title">
        <h1 id="verify-email-title" className={styles.title}>
          Verify your email address
        </h1>
        <VerifyEmailView />
      </section>
    </div>
  );
}
