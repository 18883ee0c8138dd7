// Writes made straight to the Firestore emulator's REST API, as another
// instance would: the shops under test only see them through their database
// listeners. Like the store (lib/data/firestore/store.ts), a catalogue write
// raises the catalogue's version (meta/catalog) in the same commit: that
// document is what every instance listens to. "Bearer owner" is the
// emulator's admin credential (security rules do not apply).
const PROJECT = "demo-storefront";
const DOCUMENTS = `projects/${PROJECT}/databases/(default)/documents`;

/** Sets one product's price (the spec's field name, productPrize) and raises the catalogue's version. */
export async function setProductPrice(host, productId, price) {
  const writes = [
    {
      update: { name: `${DOCUMENTS}/products/${productId}`, fields: { productPrize: { doubleValue: price } } },
      updateMask: { fieldPaths: ["productPrize"] },
      currentDocument: { exists: true },
    },
    {
      transform: { document: `${DOCUMENTS}/meta/catalog`, fieldTransforms: [{ fieldPath: "version", increment: { integerValue: "1" } }] },
    },
  ];
  const response = await fetch(`http://${host}/v1/${DOCUMENTS}:commit`, {
    method: "POST",
    headers: { authorization: "Bearer owner", "content-type": "application/json" },
    body: JSON.stringify({ writes }),
  });
  if (!response.ok) throw new Error(`the emulator refused the price change (${response.status}): ${await response.text()}`);
}
