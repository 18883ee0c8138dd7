import { connection } from "next/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { IntentLink } from "@/components/links/intent-link";
import styles from "@/components/auth/forms.module.css";
import { FORGOT_PASSWORD_PATH, forgotPasswordStateOf } from "@/lib/account/password-reset-state";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Forgot your password?",
  description: "Get a link by email to choose a new password for your Storefront account.",
  path: FORGOT_PASSWORD_PATH,
  noindex: true,
});

interface ForgotPasswordPageProps {
  /** `?notice=`: the answer to a post without JavaScript (lib/account/password-reset-state.ts). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The page answers with its form in the HTML, and after a post without JavaScript with the answer. */
export const instant = false;

/**
 * "Forgot password" (lib/account/password-reset.ts): a shopper who cannot sign
 * in asks for a link to choose a new password. Linked from the sign-in form.
 * A plain form: it works without JavaScript.
 */
export default function ForgotPasswordPage({ searchParams }: ForgotPasswordPageProps) {
  return (
    <div className="page">
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.title}>
          Forgot your password?
        </h1>
        <p>Enter the email address you sign in with: we email you a link to choose a new password.</p>
        <ForgotPasswordContents searchParams={searchParams} />
        <p className={styles.aside}>
          <IntentLink href="/sign-page">Back to sign in</IntentLink>
        </p>
      </section>
    </div>
  );
}

async function ForgotPasswordContents({ searchParams }: ForgotPasswordPageProps) {
  await connection();
  return <ForgotPasswordForm initial={forgotPasswordStateOf((await searchParams).notice)} />;
}
