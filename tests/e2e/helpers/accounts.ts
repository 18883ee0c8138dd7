import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { generateKeyPairSync, createSign } from "node:crypto";
import { authEmulatorHost } from "../support";
import { pageReady } from "./page-ready";

export const ADMIN = { email: "admin@storefront.local", password: "storefront-admin-local" };

const identity = (method: string) => `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

/** Creates an email/password account in the Auth emulator (not through the UI) and returns its ID token. */
export async function createEmulatorAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  displayName?: string,
): Promise<{ uid: string; idToken: string }> {
  const response = await request.post(identity("signUp"), { data: { email, password, returnSecureToken: true } });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  if (!displayName) return { uid: body.localId, idToken: body.idToken };
  const update = await request.post(identity("update"), { data: { idToken: body.idToken, displayName } });
  expect(update.status()).toBe(200);
  // A fresh token, carrying the name.
  const signIn = await request.post(identity("signInWithPassword"), { data: { email, password, returnSecureToken: true } });
  expect(signIn.status()).toBe(200);
  return { uid: body.localId, idToken: (await signIn.json()).idToken };
}

/** Every dialog the page opens (alerts), accepted, in order. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept().catch(() => undefined);
  });
  return messages;
}

/** Every console line the page logs. */
export function collectConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on("console", (message) => lines.push(message.text()));
  return lines;
}

/**
 * Signs in through /sign-page and waits for the header to show the name: for
 * the specs whose subject is the sign-in itself (what the form, the header, the
 * other tabs or the cart's merge do). Elsewhere, signInByToken.
 */
export async function signInThroughUi(page: Page, email: string, password: string, name: string): Promise<void> {
  await page.goto("/sign-page");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-name")).toContainText(name);
}

/**
 * Signs the page's browser context in as the account without loading a page:
 * the two calls the sign-in form makes (components/auth/use-sign-in-form.ts),
 * the Auth emulator's password sign-in and its ID token to next-auth's
 * callback, made through the context's own request client, so the session
 * cookie lands in the context. For the specs whose subject comes after the
 * sign-in: a sign-in through the form costs Chromium two page loads (the
 * sign-in page with Firebase's SDK, then home), about 2.5 CPU-seconds here.
 */
export async function signInByToken(page: Page, email: string, password: string): Promise<void> {
  const signIn = await page.request.post(identity("signInWithPassword"), { data: { email, password, returnSecureToken: true } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { status, session } = await postIdToken(page.request, (await signIn.json()).idToken);
  expect(status, "next-auth's callback").toBe(200);
  expect(session, "the session the callback started").toMatchObject({ user: { email } });
}

/** Signs in as the local admin through /admin-signin: for the specs whose subject is the admin's sign-in. */
export async function signInAsAdminThroughUi(page: Page): Promise<void> {
  await page.goto("/admin-signin");
  await page.locator("#admin-email").fill(ADMIN.email);
  await page.locator("#admin-password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-entry$/);
  await expect(page.getByRole("heading", { name: "Add a product" })).toBeVisible();
}

/** Signs the page's context in as the local admin (signInByToken), on no page. */
export async function adminSession(page: Page): Promise<void> {
  await signInByToken(page, ADMIN.email, ADMIN.password);
}

/** Signs the page's context in as the local admin and opens /admin-entry, the "Add a product" form, hydrated. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await adminSession(page);
  await page.goto("/admin-entry");
  await expect(page.getByRole("heading", { name: "Add a product" })).toBeVisible();
  await pageReady(page);
}

/** Hands an ID token to next-auth's callback, as the browser does, and returns the session afterwards. */
export async function postIdToken(request: APIRequestContext, idToken: string): Promise<{ status: number; session: unknown }> {
  const csrf = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/firebase", {
    form: { csrfToken: csrf.csrfToken, idToken, json: "true" },
    maxRedirects: 0,
  });
  const session = await (await request.get("/api/auth/session")).json();
  return { status: response.status(), session };
}

const b64url = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** Claims shaped like a Firebase ID token of the demo project. */
export function idTokenClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: "https://securetoken.google.com/demo-storefront",
    aud: "demo-storefront",
    auth_time: now - 10,
    iat: now - 10,
    exp: now + 3600,
    sub: "forged-uid-0001",
    user_id: "forged-uid-0001",
    email: ADMIN.email,
    email_verified: true,
    admin: true,
    firebase: { identities: {}, sign_in_provider: "password" },
    ...overrides,
  };
}

/** An unsigned token (the emulator's own format) with the given claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
}

/** A token signed RS256 with a key nobody trusts. */
export function selfSignedToken(claims: Record<string, unknown>): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const body = `${b64url({ alg: "RS256", typ: "JWT", kid: "forged" })}.${b64url(claims)}`;
  const signature = createSign("RSA-SHA256").update(body).sign(privateKey).toString("base64url");
  return `${body}.${signature}`;
}
