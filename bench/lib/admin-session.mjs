// The local admin's session as a Cookie header, for benchmarks of admin-only
// pages: the account scripts/local.mjs creates in the Auth emulator signs in
// with its password (the emulator's REST API, as the Firebase web SDK does),
// and its ID token goes to next-auth's `firebase` callback, as the admin
// sign-in page sends it. No browser: the cookies are carried by hand.

/** name=value of every Set-Cookie of a response, merged into `jar`. */
function keepCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  }
}

const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * Signs `email` in on the shop at `baseURL` and returns its cookies, once the
 * shop's own session endpoint says the session is an admin's.
 */
export async function adminCookie(baseURL, { authHost, email, password }) {
  const signIn = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const account = await signIn.json();
  if (!account.idToken) throw new Error(`the Auth emulator refused ${email}: ${JSON.stringify(account)}`);

  const jar = new Map();
  const csrf = await fetch(`${baseURL}/api/auth/csrf`);
  keepCookies(jar, csrf);
  const { csrfToken } = await csrf.json();
  const callback = await fetch(`${baseURL}/api/auth/callback/firebase`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, idToken: account.idToken, json: "true" }),
  });
  keepCookies(jar, callback);
  await callback.arrayBuffer();

  const session = await (await fetch(`${baseURL}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } })).json();
  if (!session?.user?.isAdmin) throw new Error(`signing ${email} in left no admin session: ${JSON.stringify(session)}`);
  return cookieHeader(jar);
}
