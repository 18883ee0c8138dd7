import "server-only";
import { SITE_NAME } from "@/lib/seo";
import { CATEGORY_LINKS, FOOTER_LINKS, HEADER_MENU, footerHeadingId } from "@/lib/site-links";
import { html, Html } from "./html";

/**
 * The shop's page for answers made without React: the forms that work before
 * JavaScript runs (the cart, the sign-in notice) post to route handlers,
 * because a page of this app streams its request-time part behind a script
 * and would show a browser without JavaScript only its placeholder. The
 * same header and footer links as the React pages (lib/site-links.ts: the
 * header's menu stands in the header here, wrapping on a phone), the same
 * colours and widths; no script at all; never cached, never indexed.
 */
interface NoScriptPage {
  title: string;
  /** The page's content, inside <main>. */
  main: Html;
  /** Lines in the cart, shown on the header's Cart link; omitted when unknown. */
  cartCount?: number;
  status?: number;
}

export function noScriptPage(page: NoScriptPage): Response {
  const cart = page.cartCount === undefined ? "Cart" : `Cart (${page.cartCount})`;
  const document = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} | ${SITE_NAME}</title>
<link rel="icon" href="/favicon.svg">
<style>${Html.raw(STYLES)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<div class="bar">
<a class="logo" href="/">${SITE_NAME}</a>
<form action="/search" method="get" role="search" aria-label="Search the shop">
<label for="q" class="hidden">Search products</label>
<input id="q" name="q" type="search" placeholder="Search products" maxlength="100">
<button type="submit">Search</button>
</form>
<nav aria-label="Account and cart">
<a href="/sign-page">Sign In</a>
<ul class="menu" data-testid="header-menu">${HEADER_MENU.map((entry) => html`<li>${entry.href ? html`<a href="${entry.href}">${entry.label}</a>` : html`<span>${entry.label}</span>`}</li>`)}</ul>
<a href="/cart-page/without-javascript">${cart}</a>
</nav>
</div>
<nav aria-label="Categories" class="categories"><ul class="menu">${CATEGORY_LINKS.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}</ul></nav>
</header>
<main id="main">
${page.main}
</main>
<footer>
<nav aria-label="Footer">${FOOTER_LINKS.map(
    (list) =>
      html`<section aria-labelledby="${footerHeadingId(list.heading)}"><h2 id="${footerHeadingId(list.heading)}">${list.heading}</h2><ul>${list.links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}</ul></section>`,
  )}</nav>
</footer>
</body>
</html>
`;
  return new Response(document.text, {
    status: page.status ?? 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

// The colours and widths of app/globals.css, for pages that load no bundle.
const STYLES = `
:root{--bg:#f6f7f9;--surface:#fff;--text:#14171f;--muted:#454b59;--border:#e3e6ec;--brand:#1f3a8a;--brand-strong:#15296a;--price:#0f5132;--focus:#2563eb;--danger:#b42318}
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:var(--text);background:var(--bg)}
a{color:var(--brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
header{background:var(--brand);color:#fff}
.bar{max-width:1280px;margin:0 auto;padding:12px clamp(16px,3vw,32px);display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.logo{display:inline-flex;align-items:center;min-height:44px;color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none}
header form{display:flex;flex:1 1 220px;min-width:0}
header input{flex:1;min-width:0;padding:8px 10px;border:0;border-radius:8px 0 0 8px;font:inherit}
header form button{padding:8px 14px;border:0;border-radius:0 8px 8px 0;background:#f59e0b;color:#14171f;font:inherit;font-weight:600}
header nav,header .menu{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center}
header .menu{margin:0;padding:0;list-style:none}
header .categories{max-width:1280px;margin:0 auto;padding:0 clamp(16px,3vw,32px) 8px}
header nav a,header .menu span{display:inline-flex;align-items:center;min-height:32px;color:#fff;font-weight:600}
main{max-width:1280px;margin:0 auto;padding:24px clamp(16px,3vw,32px) 48px;overflow-wrap:anywhere}
h1{font-size:1.75rem;margin:0 0 16px}
.notice{padding:12px 16px;border-radius:8px;background:#e8f3ec;color:var(--price);margin:0 0 16px}
.problem{padding:12px 16px;border-radius:8px;background:#fdecea;color:var(--danger);margin:0 0 16px}
.lines{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.line{display:grid;grid-template-columns:72px 1fr;gap:12px 16px;padding:16px;background:var(--surface);border:1px solid var(--border);border-radius:12px}
.line img{width:72px;height:72px;object-fit:contain;background:#fff}
.line .name{font-weight:600}
.facts{display:flex;flex-wrap:wrap;gap:8px 24px;margin:8px 0 0}
.facts dt{color:var(--muted);font-size:.875rem}.facts dd{margin:0}
.controls{grid-column:1/-1;display:flex;flex-wrap:wrap;gap:8px;align-items:end}
.controls form{display:flex;gap:8px;align-items:end}
.controls label{display:flex;flex-direction:column;font-size:.875rem;color:var(--muted)}
.controls input{width:6em;padding:8px;border:1px solid var(--border);border-radius:8px;font:inherit}
button.action{padding:8px 14px;border:1px solid var(--brand);border-radius:8px;background:var(--surface);color:var(--brand);font:inherit;font-weight:600;cursor:pointer}
button.primary{background:var(--brand);color:#fff}
a.button{display:inline-block;padding:10px 24px;border-radius:8px;font-weight:700;text-decoration:none}
a.button.primary{background:var(--brand);color:#fff}
button:disabled{opacity:.7;cursor:not-allowed}
.price{color:var(--price);font-weight:600}
.gone{color:var(--muted)}
.subtotal{font-size:1.125rem;font-weight:600;margin:16px 0}
.totals{display:grid;gap:4px;margin:16px 0}.totals div{display:flex;justify-content:space-between;gap:12px}.totals dd{margin:0}.totals .grand{font-size:1.125rem;font-weight:700}
fieldset{margin:0 0 16px;padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface);display:grid;gap:12px;min-width:0}
legend{font-weight:700;padding:0 4px}
.field{display:grid;gap:4px}.field label{font-weight:600}
.field input,.field select,textarea{width:100%;padding:10px;border:1px solid #8a90a0;border-radius:8px;font:inherit;background:#fff}
[aria-invalid="true"]{border:2px solid var(--danger)}
.error{margin:0;color:var(--danger)}
.summary{padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
.summary h2,.order h2{margin:0 0 8px;font-size:1.25rem}
.line.plain{grid-template-columns:1fr}
.summary .line{grid-template-columns:1fr;padding:8px 0;border:0;border-bottom:1px solid var(--border);border-radius:0}
dl.states{display:flex;flex-wrap:wrap;gap:8px 32px}dl.states dd{margin:0;font-weight:700}
footer{border-top:1px solid var(--border);padding:16px clamp(16px,3vw,32px);color:var(--muted)}
footer nav{max-width:1280px;margin:0 auto;display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:16px}
footer h2{margin:0 0 4px;font-size:1rem;color:var(--text)}
footer ul{margin:0;padding:0;list-style:none}
footer li a{display:inline-flex;align-items:center;min-height:32px}
`;
