import type { Metadata, Viewport } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { StartAtTop } from "@/components/layout/start-at-top";
import { CartToaster } from "@/components/cart/cart-toaster";
import { LiveUpdates } from "@/components/live/live-updates";
import { SiteHeader } from "@/components/layout/site-header";
import { SITE_DESCRIPTION, SITE_TITLE, rootMetadata } from "@/lib/seo";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: SITE_TITLE, template: "%s | Storefront" },
  description: SITE_DESCRIPTION,
  icons: { icon: "/favicon.svg" },
  // metadataBase (siteUrl()) and OpenGraph defaults; every page sets its own canonical.
  ...rootMetadata(),
};

export const viewport: Viewport = {
  themeColor: "#1f3a8a",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body id="top">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <StartAtTop />
        <LiveUpdates />
        <SiteHeader />
        <main id="main">{children}</main>
        <SiteFooter />
        <CartToaster />
      </body>
    </html>
  );
}
