/**
 * Reads and sets stock, and lists an email's orders, in the store the
 * environment configures (the suite's, through helpers/stock.ts: node
 * --import tsx, with the suite's store variables). Prints JSON.
 *
 *   stock-script.ts get PRODUCT_ID                      → the count, or null when not tracked
 *   stock-script.ts set PRODUCT_ID COUNT|- EXPECTED|-   → setStock ("-": not tracked)
 *   stock-script.ts orders EMAIL                        → [{ id, productIds }] of that email's orders
 *   stock-script.ts step ORDER_ID STEP [NOTE]           → takes the step as an admin on the desk would, its email included
 */
import { getStore } from "@/lib/data";
import { stepEmail } from "@/lib/orders/emails";

const count = (text: string) => (text === "-" ? null : Number(text));

async function main(command: string, args: string[]): Promise<unknown> {
  const store = await getStore();
  try {
    if (command === "get") return (await store.getStock([args[0]])).get(args[0]) ?? null;
    if (command === "set") return await store.setStock(args[0], count(args[1]), count(args[2])).then(() => "ok");
    if (command === "orders") {
      const page = await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: args[0], limit: 100, after: null });
      return page.orders.map((order) => ({ id: order.id, productIds: order.lines.map((line) => line.productId) }));
    }
    if (command === "step") {
      const order = await store.getOrder(args[0]);
      if (!order) throw new Error(`No order ${args[0]}`);
      const step = args[1] as "ship" | "deliver";
      const note = args[2] ?? "";
      await store.takeOrderStep(order.id, {
        step,
        expectedRevision: order.revision,
        by: "admin@example.com",
        note,
        email: stepEmail(step),
      });
      return "ok";
    }
    throw new Error(`Unknown command ${command}`);
  } finally {
    await store.close();
  }
}

const [command, ...args] = process.argv.slice(2);
main(command, args).then(
  (answer) => console.log(JSON.stringify(answer ?? null)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
