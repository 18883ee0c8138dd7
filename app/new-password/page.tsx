import { NewPasswordForm } from "@/components/auth/new-password-form";
import styles from "@/components/auth/forms.module.css";
import { NEW_PASSWORD_PATH } from "@/lib/account/password-reset-state";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Choose a new password",
  description: "Choose a new password for your Storefront account.",
  path: NEW_PASSWORD_PATH,
  noindex: true,
});

/** Where a password reset email leads (components/auth/new-password-form.tsx reads its code). */
export default function NewPasswordPage() {
  return (
    <div className="page">
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="new-password-title">
        <h1 id="new-password-title" className={styles.title}>
          Choose a new password
        </h1>
        <NewPasswordForm />
      </section>
    </div>
  );
}
