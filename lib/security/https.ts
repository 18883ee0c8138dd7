/**
 * Whether the shop is served over https, from the environment alone: the
 * security headers (HSTS) and the session cookie (Secure, __Secure- name)
 * follow it. Pure and free of "server-only" so next.config.ts can use it.
 */
export function servedOverHttps(env: { NEXTAUTH_URL?: string; VERCEL?: string }): boolean {
  // Vercel serves only https, whatever NEXTAUTH_URL says.
  return Boolean(env.VERCEL?.trim()) || (env.NEXTAUTH_URL ?? "").trim().toLowerCase().startsWith("https://");
}
