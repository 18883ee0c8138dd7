/**
 * Child process for the crash test: writes cart lines as fast as it can and
 * prints "ack N" only after write N has been acknowledged by the store. The
 * parent SIGKILLs it mid-burst and checks that every acknowledged write survived.
 */
import { openSqliteStore } from "@/lib/data/sqlite/store";

const [path] = process.argv.slice(2);
const store = openSqliteStore(path);

async function main() {
  await store.upsertProducts([
    {
      id: "crash-lamp",
      name: "Crash Lamp",
      images: [{ src: "/products/crash-lamp.webp", alt: "A picture" }],
      priceCents: 1000,
      details: "A lamp. It survives.",
      type: "Electronics",
      createdAt: 1,
    },
  ]);
  process.stdout.write("ready\n");
  for (let i = 0; ; i++) {
    await store.addToLine(`guest:crash-${i}`, "crash-lamp");
    await store.addToLine("guest:crash-shared", "crash-lamp");
    process.stdout.write(`ack ${i}\n`);
  }
}

void main();
