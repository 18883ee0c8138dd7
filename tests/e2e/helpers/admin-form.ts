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
