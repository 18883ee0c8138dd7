/**
 * The one rule for where the shop sends a browser after signing in or out:
 * a path on this site, never another host. Both places that decide it use
 * it: the sign-in form's ?callbackUrl (safeCallbackPath, auth-messages.ts)
 * and next-auth's redirect callback (safeRedirect, auth-request.ts), which
 * also decides what /api/auth/signin forwards to the sign-in page.
 *
 * A value is read as a browser reads it, against this site's origin, and
 * only a same-origin result survives, as its path (path, query, hash). Then
 * that path is refused when a browser could read it as another host once
 * the origin is cut off: a path starting with "//" or "/\" (written so, or
 * %-escaped: "/%2F%2Fevil.example"), and any value with a backslash or a
 * control character, which browsers drop or turn into "/" ("/\t/evil").
 * `http://shop//evil.example/` names this origin, but its path is
 * "//evil.example/": refused. Pure: the browser and the server share it.
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ANOTHER_HOST = /^[/\\]{2}/;

/** The same-origin path `raw` leads to on `origin`, or null when it leads anywhere else (or nowhere). */
export function sameSitePath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || CONTROL.test(raw) || raw.includes("\\")) return null;
  let url: URL;
  let site: URL;
  try {
    site = new URL(origin);
    url = new URL(raw, site);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username || url.password) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (ANOTHER_HOST.test(url.pathname) || ANOTHER_HOST.test(decoded) || CONTROL.test(decoded) || decoded.includes("\\")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
