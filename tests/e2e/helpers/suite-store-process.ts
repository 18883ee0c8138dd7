/**
 * The suite's store, opened by a process of its own as another instance of
 * the shop would open it (the store the environment configures: the suite's
 * SQLite file or its Firestore emulator project), answering the requests
 * helpers/suite-store.ts sends over Node's IPC channel, one at a time. It
 * runs with the react-server condition the store's modules need, started
 * once per Playwright worker rather than once per request (a fresh
 * process cost 0.9 CPU-seconds on SQLite and 2 on Firestore, the store's
 * modules loaded each time), and it ends when its worker does.
 */
import { getStore } from "@/lib/data";
import { stepEmail } from "@/lib/orders/emails";
import { placeGuestOrder } from "./suite-store-place-order";

/** What the suite asks of its store; each answer is JSON. */
export type SuiteStoreRequest =
  | { command: "getStock"; productId: string }
  | { command: "setStock"; productId: string; count: number | null; expected: number | null }
  | { command: "ordersOfEmail"; email: string }
  | { command: "takeStep"; orderId: string; step: "ship" | "deliver"; note: string }
  | { command: "placeGuestOrder"; email: string; lines: Record<string, number>; delivered: boolean };

export type SuiteStoreMessage = { id: number; request: SuiteStoreRequest };
export type SuiteStoreReply = { id: number; answer: unknown } | { id: number; error: string };

async function answer(request: SuiteStoreRequest): Promise<unknown> {
  const store = await getStore();
  switch (request.command) {
    case "getStock":
      return (await store.getStock([request.productId])).get(request.productId) ?? null;
    case "setStock":
      await store.setStock(request.productId, request.count, request.expected);
      return "ok";
    case "ordersOfEmail": {
      const page = await store.listOrders({
        fulfilment: null,
        payment: null,
        returnState: null,
        query: request.email,
        limit: 100,
        after: null,
      });
      return page.orders.map((order) => ({ id: order.id, productIds: order.lines.map((line) => line.productId) }));
    }
    case "takeStep": {
      const order = await store.getOrder(request.orderId);
      if (!order) throw new Error(`No order ${request.orderId}`);
      await store.takeOrderStep(order.id, {
        step: request.step,
        expectedRevision: order.revision,
        by: "admin@example.com",
        note: request.note,
        email: stepEmail(request.step),
      });
      return "ok";
    }
    case "placeGuestOrder":
      return placeGuestOrder(store, request.email, request.lines, request.delivered);
  }
}

// One request at a time, in the order sent: a step after a placed order must see the order.
let queue: Promise<void> = Promise.resolve();
process.on("message", (message: SuiteStoreMessage) => {
  queue = queue.then(async () => {
    const reply: SuiteStoreReply = await answer(message.request).then(
      (value) => ({ id: message.id, answer: value ?? null }),
      (error: unknown) => ({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
    process.send?.(reply);
  });
});

// The worker that started this process has ended (or let it go): close the store and end.
process.on("disconnect", () => {
  void queue
    .then(() => getStore())
    .then((store) => store.close())
    .finally(() => process.exit(0));
});
