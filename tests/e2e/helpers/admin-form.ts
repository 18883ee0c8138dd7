import { expect, type Page } from "@playwright/test";

export interface ProductFormInput {
  name: string;
  image: string;
  price: string;
  details: string;
  type: "Electronics" | "Accessories" | "Book" | "Sport";
}

/**
 * Fills the admin's "Add a product" form (the page must be /admin-entry,
 * signed in as an admin), submits it and waits for the confirmation.
 */
export async function addProductThroughForm(page: Page, product: ProductFormInput, { timeout }: { timeout?: number } = {}): Promise<void> {
  await page.locator("#productName").fill(product.name);
  await page.locator("#productImage").fill(product.image);
  await page.locator("#productPrize").fill(product.price);
  await page.locator("#productDetails").fill(product.details);
  await page.locator("#productType").selectOption(product.type);
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added “${product.name}” to the catalogue.`, { timeout });
}

/**
 * Confirms a product's delete on its admin page (the confirmation must be
 * open) and waits for the list it leads to. While it waits it reads the
 * page's delete status, so a refused delete fails with the shop's own words
 * rather than a URL that never came.
 */
export async function confirmDelete(page: Page, name: string, { timeout }: { timeout?: number } = {}): Promise<void> {
  await page.getByRole("button", { name: `Yes, delete “${name}”` }).click();
  await expect
    .poll(
      async () =>
        new URL(page.url()).searchParams.has("deleted")
          ? "deleted"
          : (await page
              .getByTestId("delete-status")
              .textContent()
              .catch(() => null)) || "waiting",
      { timeout, message: "the delete's outcome (the list's URL, or the refusal the page shows)" },
    )
    .toBe("deleted");
}
