/**
 * Requests next-auth would answer with a 500, refused here with a 4xx
 * instead (found by tests/e2e/fuzz.spec.ts). next-auth v4 treats each of
 * these as a server fault:
 * - a callbackUrl (query) or callback-url cookie that is not an http(s) URL
 *   (its assertConfig), which also makes getServerSession throw on every
 *   route that reads the session;
 * - a POST whose body does not parse as its content type says;
 * - the credentials callback asked with anything but POST;
 * - a callbackUrl in a sign-in or sign-out form that is not a URL (its
 *   default redirect callback calls new URL() on it unguarded).
 * And one endpoint not served at all: `_log`, where next-auth writes
 * whatever a POST says into the server's log once a logger is configured
 * (lib/auth/auth-logger.ts); nothing in the shop sends to it.
 * Pure, so the rules are unit-tested; the auth route and lib/auth/session.ts apply them.
 */
import { sameSitePath } from "./same-site-path";

/** next-auth's own test for a callback URL (next-auth/core/lib/assert.js), so both agree. */
export function isValidCallbackUrl(value: string, baseUrl: string): boolean {
  try {
    return /^https?:/.test(new URL(value, value.startsWith("/") ? baseUrl : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * Where next-auth may send the browser after sign-in or sign-out (and what
 * /api/auth/signin forwards to the sign-in page): this site's URL of the
 * path the value leads to on this site (same-site-path.ts); anything else
 * (another site, a path a browser reads as another host, text that is not
 * a URL) goes to the home page. next-auth's default throws on text that is
 * not a URL, and keeps "http://<this site>//evil.example/".
 */
export function safeRedirect(url: string, baseUrl: string): string {
  const path = sameSitePath(url, baseUrl);
  return path === null ? baseUrl : `${new URL(baseUrl).origin}${path}`;
}

/** The callback-url cookie under both names next-auth uses (plain and on https). */
const CALLBACK_URL_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"] as const;

/**
 * The names of the request's callback-url cookies that next-auth would
 * refuse (and answer with a 500 for, on every session read while the cookie
 * is there). next-auth sets the cookie itself, always valid; an invalid one
 * is forged or damaged, so it is dropped where next-auth reads cookies: the
 * auth route (app/api/auth/[...nextauth]/route.ts) and every session read
 * (lib/auth/session.ts). Nowhere else reads it, so no other request needs to
 * be looked at (proxy.ts does not run for them).
 */
export function invalidCallbackCookies(cookies: Readonly<Record<string, string>>, baseUrl: string): string[] {
  return CALLBACK_URL_COOKIES.filter((name) => {
    const value = cookies[name];
    return value !== undefined && !isValidCallbackUrl(value, baseUrl);
  });
}

/** Credentials providers, whose callback next-auth serves for POST only. */
const CREDENTIALS_CALLBACKS = new Set(["callback/firebase"]);

interface AuthRequestRefusal {
  status: 400 | 404 | 405 | 415;
  message: string;
}

export async function refuseAuthRequest(request: Request, action: string): Promise<AuthRequestRefusal | null> {
  if (action === "_log") return { status: 404, message: "Not found." };
  const url = new URL(request.url);
  const callbackUrl = url.searchParams.get("callbackUrl");
  if (callbackUrl && !isValidCallbackUrl(callbackUrl, url.origin)) {
    return { status: 400, message: "callbackUrl must be a path on this site or an http(s) URL." };
  }
  if (CREDENTIALS_CALLBACKS.has(action) && request.method !== "POST") {
    return { status: 405, message: "This sign-in callback takes POST only." };
  }
  if (request.method !== "POST") return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return null; // URLSearchParams reads any text
  if (type === "application/json") {
    try {
      const body: unknown = JSON.parse(await request.clone().text());
      if (body !== null && typeof body === "object" && !Array.isArray(body)) return null;
    } catch {
      // Falls through to the refusal.
    }
    return { status: 400, message: "The request body is not a JSON object." };
  }
  return { status: 415, message: "next-auth takes form-encoded or JSON bodies." };
}
