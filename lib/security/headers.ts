/**
 * The security headers every response carries, built from plain inputs so the
 * policy is unit-tested (tests/security-headers.test.ts) and next.config.ts
 * only feeds it the environment. No "server-only" and no "@/" imports: Next
 * loads next.config.ts (and so this file) outside the app bundles.
 *
 * Why the CSP looks the way it does (nonce vs hashes vs SRI) is written down
 * in docs/SECURITY.md.
 */

export interface SecurityHeaderInputs {
  /** The site is served over https (HSTS, upgrade-insecure-requests). */
  https: boolean;
  /** `next dev`: React's dev build evaluates code ('unsafe-eval'); never in a production build. */
  development: boolean;
  /** Firebase Auth's domain, whose /__/auth/handler page the Google popup frames. */
  firebaseAuthDomain: string;
  /** host:port of the Auth emulator the browser talks to, or "" for real Firebase Auth. */
  authEmulatorHost: string;
  /**
   * A local build (the launcher's STOREFRONT_LOCAL): its card payments go to
   * the project's Stripe stand-in on 127.0.0.1, not to Stripe's page.
   */
  localBuild: boolean;
}

export interface Header {
  key: string;
  value: string;
}

/** Two years: the value hstspreload.org asks for, so a later preload needs no change here. */
const HSTS_MAX_AGE_S = 63_072_000;

// Firebase Auth's REST endpoints (sign-in, token refresh, project config).
const FIREBASE_AUTH_APIS = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
// The Google popup: Firebase loads Google's gapi loader (which loads its
// iframes module from the same host) and frames accounts.google.com.
const GAPI_SCRIPTS = "https://apis.google.com";
const GOOGLE_ACCOUNTS = "https://accounts.google.com";
// Stripe Checkout's hosted page: "Pay now" and the checkout without
// JavaScript post to the shop, which answers 303 to it, and form-action
// governs where a form's redirects may lead.
const STRIPE_CHECKOUT = "https://checkout.stripe.com";
// The Stripe stand-in's page in a local build (scripts/stripe-stand-in.mjs): any port of the loopback.
const STRIPE_STAND_IN = "http://127.0.0.1:*";

/** The Content-Security-Policy, one directive per entry, in a stable order. */
export function contentSecurityPolicy(inputs: SecurityHeaderInputs): string {
  const emulator = inputs.authEmulatorHost ? [`http://${inputs.authEmulatorHost}`] : [];
  const authDomain = `https://${inputs.firebaseAuthDomain}`;
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    // 'unsafe-inline': Next streams the RSC payload as inline
    // `self.__next_f.push(...)` scripts whose text changes with every
    // revalidation, so neither a hash nor (on prerendered pages) a nonce can
    // name them. See docs/SECURITY.md for what compensates.
    ["script-src", ["'self'", "'unsafe-inline'", ...(inputs.development ? ["'unsafe-eval'"] : []), GAPI_SCRIPTS]],
    // React and next/image write style attributes; the carousels move with them.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // Admin-entered product images are any https URL (shown unoptimized); data:
    // and blob: for next/image placeholders.
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["font-src", ["'self'"]],
    // 'self' covers /api/events (SSE), server actions and next-auth.
    ["connect-src", ["'self'", ...FIREBASE_AUTH_APIS, ...emulator]],
    ["frame-src", [authDomain, GOOGLE_ACCOUNTS, ...emulator]],
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", STRIPE_CHECKOUT, ...(inputs.localBuild ? [STRIPE_STAND_IN] : [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(" ")}`);
  // On plain http (localhost) this would send every subresource to https and break the page.
  if (inputs.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Every header, for next.config.ts's headers() on every path. */
export function securityHeaders(inputs: SecurityHeaderInputs): Header[] {
  const headers: Header[] = [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(inputs) },
    // For browsers that predate frame-ancestors.
    { key: "X-Frame-Options", value: "DENY" },
    // Full URL to this site, origin only to others, nothing when going to http.
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    },
  ];
  // Never on http: a browser that saw HSTS for localhost would refuse every
  // other local http server on that name for two years.
  if (inputs.https) {
    headers.push({ key: "Strict-Transport-Security", value: `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` });
  }
  return headers;
}
