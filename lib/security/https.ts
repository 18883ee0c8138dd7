/**
 * Whether the shop is served over https, from the environment alone: the one
 * rule behind the security headers (HSTS) and every cookie's Secure flag and
 * name prefix (lib/cookies.ts). Pure and free of "server-only" so
 * next.config.ts can use it on the raw process.env.
 */
interface HttpsEnv {
  VERCEL?: string;
  SITE_URL?: string;
  NEXTAUTH_URL?: string;
}

export function servedOverHttps(env: HttpsEnv): boolean {
  // Vercel serves only https, whatever the URLs say (or when none is set).
  if (env.VERCEL?.trim()) return true;
  // Else the site's own URL decides: SITE_URL, falling back to NEXTAUTH_URL,
  // as lib/env.ts siteUrl() does; an empty value counts as unset.
  const url = [env.SITE_URL, env.NEXTAUTH_URL].map((value) => value?.trim()).find(Boolean) ?? "";
  return url.toLowerCase().startsWith("https://");
}
