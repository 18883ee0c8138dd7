/**
 * The shop's session cookie (next-auth's, on http) as the security specs handle
 * it: read from a signed-in context, as a thief would copy it.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { signInAsAdmin } from "./accounts";

export const SESSION_COOKIE = "next-auth.session-token";

/** The value of this context's session cookie, as a thief would copy it. */
async function sessionCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "the session cookie").toBeDefined();
  return cookie!.value;
}

/** A context of its own signed in as the admin, on /admin-entry; its page and its session cookie. */
export async function adminContext(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page, cookie: await sessionCookieOf(context) };
}
