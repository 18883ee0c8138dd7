import { SITE_NAME } from "@/lib/seo";

/**
 * The answer to a password form submitted before its JavaScript ran
 * (lib/auth/sign-in-without-javascript.ts). The body, which holds the
 * password, is never read, and nothing of the request is logged.
 */
const BACK = { "sign-page": "/sign-page", "admin-signin": "/admin-signin" } as const;

function page(request: Request): Response {
  const from = new URL(request.url).searchParams.get("from");
  const back = from === "admin-signin" ? BACK["admin-signin"] : BACK["sign-page"];
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>JavaScript is needed to sign in | ${SITE_NAME}</title>
</head>
<body>
<main>
<h1>JavaScript is needed to sign in</h1>
<p>Signing in runs in your browser, and the page's scripts had not loaded (or are turned off) when the form was sent. Nothing you typed was kept.</p>
<p>Wait for the page to finish loading, or turn JavaScript on, and try again.</p>
<p><a href="${back}">Back to sign in</a> · <a href="/">Home</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

export const POST = page;
export const GET = page;
