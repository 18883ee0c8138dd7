import styles from "./site-footer.module.css";

/** The site footer; the full link lists arrive with the storefront screens. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>© 2026 Storefront. Prices in $ USD.</p>
      </div>
    </footer>
  );
}
