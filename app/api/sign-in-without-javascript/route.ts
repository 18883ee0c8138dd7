import { LIMITS } from "@/lib/data/contract/limits";
import { noScriptPage } from "@/lib/no-script/document";
import { html } from "@/lib/no-script/html";
import { pageWithPasswordForm } from "@/lib/auth/sign-in-without-javascript";

/**
 * The answer to a password form submitted before its JavaScript ran
 * (lib/auth/sign-in-without-javascript.ts): the shop's own page, saying that
 * the form (signing in, changing a password) needs JavaScript, with the
 * email typed kept on it. The body is parsed for its email field; the
 * passwords in it are never kept, shown or logged.
 */

/**
 * A sign-in form's body is a few hundred bytes; /api/ posts pass no proxy
 * size gate, so a body that does not say it is small is not read at all.
 */
const FORM_BYTES_MAX = 8 * 1024;

async function typedEmail(request: Request): Promise<string> {
  if (request.method !== "POST") return "";
  const length = Number(request.headers.get("content-length"));
  if (!Number.isInteger(length) || length <= 0 || length > FORM_BYTES_MAX) return "";
  try {
    const email = (await request.formData()).get("email");
    return typeof email === "string" ? email.trim().slice(0, LIMITS.emailMax) : "";
  } catch {
    // Not a form (a hand-made request): the page is the same, without an email.
    return "";
  }
}

async function page(request: Request): Promise<Response> {
  const form = pageWithPasswordForm(new URL(request.url).searchParams.get("from"));
  const email = await typedEmail(request);
  return noScriptPage({
    title: `JavaScript is needed to ${form.task}`,
    main: html`<h1>JavaScript is needed to ${form.task}</h1>
<p>This runs in your browser, and the page's scripts had not loaded (or are turned off) when the form was sent. Your password was not kept.</p>
${email ? html`<p><label for="typed-email">The email you typed</label><br><input id="typed-email" type="email" readonly value="${email}" size="40"></p>` : null}
<p>Wait for the page to finish loading, or turn JavaScript on, and try again. Browsing and the cart work without it.</p>
<p><a href="${form.path}">${form.back}</a> · <a href="/">Home</a></p>`,
  });
}

export const POST = page;
export const GET = page;
