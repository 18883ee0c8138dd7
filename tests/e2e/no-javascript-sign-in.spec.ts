import { expect, test, type Browser } from "@playwright/test";
import { axeViolations } from "./helpers/axe";

// Every form that carries a password, submitted with JavaScript off (as on a
// slow phone before the scripts load): the password never reaches a URL, and
// the answer says JavaScript is needed. Without method="post" the browser
// sent GET /admin-signin?email=…&password=… (seen in Chromium).
const PASSWORD = "no-js-Secret-123";
const EMAIL = "no-js@example.com";

const FORMS = [
  {
    name: "sign-in",
    page: "/sign-page",
    fill: { "#signin-email": EMAIL, "#signin-password": PASSWORD },
    submit: { form: "Sign in", button: "Sign In" },
    back: "/sign-page",
  },
  {
    name: "sign-up",
    page: "/sign-page",
    fill: { "#signup-email": EMAIL, "#signup-name": "No Script", "#signup-password": PASSWORD, "#signup-confirm": PASSWORD },
    submit: { form: "Create account", button: "Sign Up" },
    back: "/sign-page",
  },
  {
    name: "admin sign-in",
    page: "/admin-signin",
    fill: { "#admin-email": EMAIL, "#admin-password": PASSWORD },
    submit: { form: null, button: "Sign In" },
    back: "/admin-signin",
  },
] as const;

async function pageWithoutJavascript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

for (const form of FORMS) {
  test(`the ${form.name} form without JavaScript: a POST, no password in any URL, a page that says what to do`, async ({ browser }) => {
    const { page, close } = await pageWithoutJavascript(browser);
    const urls: string[] = [];
    const methods: string[] = [];
    page.on("request", (request) => {
      urls.push(request.url());
      if (request.isNavigationRequest()) methods.push(request.method());
    });
    await page.goto(form.page);
    for (const [selector, value] of Object.entries(form.fill)) await page.locator(selector).fill(value);
    const scope = form.submit.form ? page.getByRole("region", { name: form.submit.form }) : page.locator("main");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().includes("/api/sign-in-without-javascript")),
      scope.getByRole("button", { name: form.submit.button, exact: true }).click(),
    ]);
    expect(response.request().method()).toBe("POST");
    expect(response.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("JavaScript is needed to sign in");
    await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", form.back);
    // The shop's own page (its header), with the email typed kept on it.
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-page");
    await expect(page.getByLabel("The email you typed")).toHaveValue(EMAIL);
    expect(methods.at(-1)).toBe("POST");
    for (const url of [...urls, page.url()]) {
      expect(url).not.toContain(encodeURIComponent(PASSWORD));
      expect(url).not.toContain(PASSWORD);
      expect(url).not.toContain(encodeURIComponent(EMAIL));
    }
    expect(await page.content()).not.toContain(PASSWORD);
    await close();
  });
}

// Issue 38, item 6: without JavaScript each password form says it needs
// JavaScript before its first field, where a reader (eyes, a screen reader,
// the keyboard's order) meets it before typing a password; with JavaScript
// no form says so.
for (const form of FORMS) {
  for (const width of [390, 1280]) {
    test(`the ${form.name} form without JavaScript says it needs JavaScript before its fields, at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(form.page);
      const first = page.locator(Object.keys(form.fill)[0]);
      const notice = page.locator("form", { has: first }).getByText("needs JavaScript");
      await expect(notice).toBeVisible();
      expect(
        await notice.evaluate(
          (el, input) => Boolean(el.compareDocumentPosition(input!) & Node.DOCUMENT_POSITION_FOLLOWING),
          await first.elementHandle(),
        ),
      ).toBe(true);
      const [noticeBox, fieldBox] = [await notice.boundingBox(), await first.boundingBox()];
      expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(fieldBox!.y);
      await context.close();
    });
  }

  test(`the ${form.name} form with JavaScript says nothing of it; shown, its notice passes axe`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(form.page);
    const notices = page.locator("form").getByText("needs JavaScript");
    await expect(notices.first()).toBeAttached();
    await expect(notices.filter({ visible: true })).toHaveCount(0);
    // axe runs as a script, so it cannot look at the page without JavaScript: the notices are shown as they are there.
    await page.addStyleTag({ content: "[data-testid=needs-javascript] { display: block !important; }" });
    await expect(notices.filter({ visible: true })).not.toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}
