// Writes made straight to the Firestore emulator's REST API, as another
// instance or an operator's script would: the shops under test only see them
// through their database listeners. "Bearer owner" is the emulator's
// admin credential (security rules do not apply).
const PROJECT = "demo-storefront";

const documentURL = (host, path, fields) =>
  `http://${host}/v1/projects/${PROJECT}/databases/(default)/documents/${path}?` +
  fields.map((f) => `updateMask.fieldPaths=${encodeURIComponent(f)}`).join("&");

/** Sets one product's price (the spec's field name, productPrize). */
export async function setProductPrice(host, productId, price) {
  const response = await fetch(documentURL(host, `products/${encodeURIComponent(productId)}`, ["productPrize"]), {
    method: "PATCH",
    headers: { authorization: "Bearer owner", "content-type": "application/json" },
    body: JSON.stringify({ fields: { productPrize: { doubleValue: price } } }),
  });
  if (!response.ok) throw new Error(`the emulator refused the price change (${response.status}): ${await response.text()}`);
}
