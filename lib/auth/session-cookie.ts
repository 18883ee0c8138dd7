/**
 * The next-auth session cookie's name and flags, decided in one place so the
 * sign-in (lib/auth/options.ts) and the admin gate (proxy.ts) agree on them.
 * httpOnly: page scripts never see the session. SameSite=Lax: other sites
 * cannot send it with their POSTs. On https it is Secure and carries the
 * __Secure- prefix, which browsers accept only from a secure origin with the
 * Secure flag, so a plain-http response can never plant or overwrite it.
 */
export interface SessionCookie {
  name: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean };
}

const BASE_NAME = "next-auth.session-token";

export function sessionCookie(secure: boolean): SessionCookie {
  return {
    name: secure ? `__Secure-${BASE_NAME}` : BASE_NAME,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure },
  };
}
