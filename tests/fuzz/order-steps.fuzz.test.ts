/**
 * Fuzzes an order's life after it is placed: arbitrary sequences of the
 * order desk's step forms (takeOrderStepAs, the desk action's core: the
 * caller, the form read with zod, the order re-read, store.takeOrderStep)
 * and of the shopper's return requests (requestReturnFromForm), each with a
 * random revision (the one shown, an older or a later one, or hostile text),
 * order id, step, tracking number, token and reason, from admins and from
 * callers who are not, against a real store: SQLite, and the Firestore
 * emulator when FIRESTORE_EMULATOR_HOST is set (npm run test:unit sets it).
 *
 * A model kept here from the order state table (lib/data/contract/order-states.ts; not the app's
 * allowedSteps) says which step each state allows and what it changes.
 * After every action: the order's state is the model's, so it only ever
 * follows an allowed transition; a refusal (an answer, never a throw)
 * changes nothing: the same order record (revision, history), the same
 * outbox, the same stock; on SQLite every table byte-for-byte, on Firestore
 * no document written (the bench's wire counter). A step taken raises the
 * revision by one, adds one history entry and one email. Stock is taken by
 * the sale and given back by a cancel or an accepted return, never below 0
 * nor above what the product had before the sale.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import type { Caller } from "@/lib/admin/guard";
import { ORDER_STEP_MESSAGES, takeOrderStepAs } from "@/lib/admin/orders/take-step";
import type { Order } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import { guestTokenFor } from "@/lib/orders/guest-token";
import { requestReturnFromForm, type ReturnRequest } from "@/lib/orders/request-return";
import { FUZZ_SEED, RunCounter, hostileText, hugeString } from "../helpers/bad-inputs";
import { defaultBill, product, emailOf } from "../helpers/fixtures";
import { fuzzBackends, type FuzzBackend } from "../helpers/fuzz-backends";

const SQLITE_RUNS = 100;
const FIRESTORE_RUNS = 25;
const MAX_ACTIONS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

const ORIGIN = "https://shop.example.com";
const page = { origin: ORIGIN, host: "shop.example.com", forwardedHost: null };
const ADMIN: Caller = { ...page, user: { isAdmin: true, email: "ada@example.com", uid: "ada" } };
/** Callers the desk refuses before reading anything. */
const NOT_ADMINS: Caller[] = [
  { ...page, user: null },
  { ...page, user: { isAdmin: false, email: "eve@example.com", uid: "eve" } },
  { ...page, user: "unavailable" },
  { origin: "https://evil.example.net", host: "shop.example.com", forwardedHost: null, user: ADMIN.user },
  { origin: null, host: "shop.example.com", forwardedHost: null, user: ADMIN.user },
];

/** Products with their stock before any sale: tracked, or not (null). */
const PRODUCTS = [
  { id: "st-lamp", priceCents: 2000, stock: 1_000_000 },
  { id: "st-mug", priceCents: 500, stock: null },
  { id: "st-chair", priceCents: 14999, stock: 600_000 },
] as const;

// --- The model: the order state table, written again here ---

interface State {
  fulfilment: Order["fulfilment"];
  payment: Order["payment"];
  returnState: Order["returnState"];
}
const STEPS = ["ship", "deliver", "cancel", "record_payment", "refund", "accept_return", "refuse_return"] as const;
type Step = (typeof STEPS)[number];

/** The state after `step`, and whether it gives the stock back; null when the state does not allow it. */
function modelStep(state: State, step: Step | "request_return"): { next: State; restock: boolean } | null {
  const { fulfilment, payment, returnState } = state;
  switch (step) {
    case "ship":
      return fulfilment === "placed" ? { next: { ...state, fulfilment: "shipped" }, restock: false } : null;
    case "deliver":
      return fulfilment === "shipped" ? { next: { ...state, fulfilment: "delivered" }, restock: false } : null;
    case "cancel":
      return fulfilment === "placed"
        ? { next: { ...state, fulfilment: "cancelled", payment: payment === "paid" ? "refunded" : "voided" }, restock: true }
        : null;
    case "record_payment":
      return fulfilment === "delivered" && payment === "due" ? { next: { ...state, payment: "paid" }, restock: false } : null;
    case "refund":
      return payment === "paid" ? { next: { ...state, payment: "refunded" }, restock: false } : null;
    case "request_return":
      return fulfilment === "delivered" && returnState === null ? { next: { ...state, returnState: "requested" }, restock: false } : null;
    case "accept_return":
      return returnState === "requested"
        ? {
            next: { ...state, returnState: "returned", payment: payment === "paid" ? "refunded" : payment === "due" ? "voided" : payment },
            restock: true,
          }
        : null;
    case "refuse_return":
      return returnState === "requested" ? { next: { ...state, returnState: "refused" }, restock: false } : null;
  }
}

// --- The actions a run takes ---

/** A revision as posted: the one shown, one older or later, or any text. */
const revisionOf = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: "shown" as const }) },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -3, max: 3 })
      .filter((d) => d !== 0)
      .map((delta) => ({ kind: "moved" as const, delta })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(hostileText(), fc.constantFrom("", "-1", "1e3", "0x1", "1.5", "99999999999999999999", " 1"))
      .map((text) => ({ kind: "text" as const, text })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "missing" as const }) },
);

/** Which order a form names: this run's, another real order, or no order at all. */
const orderIdOf = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: "this" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "other" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(hostileText(), fc.constantFrom("", "no-such-order", "../orders/x", "a/b"))
      .map((text) => ({ kind: "text" as const, text })),
  },
);

const trackingOf = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .constantFrom("1Z999AA10123456784", "  JD014600001234  ", "TRACK-1/#2")
      .map((text) => ({ good: true, text: text as string | null })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(hostileText(), hugeString(65, 5_000), fc.constantFrom("", "   ", "<b>1Z</b>", "1Z\n2", "x".repeat(65)))
      .map((text) => ({ good: false, text: text as string | null })),
  },
  { weight: 1, arbitrary: fc.constant({ good: false, text: null as string | null }) },
);

const deskAction = fc.record({
  kind: fc.constant("desk" as const),
  caller: fc.oneof({ weight: 9, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat({ max: NOT_ADMINS.length - 1 }) }),
  // A step the state allows now (by the model), one it does not, any desk step, or text that is none.
  step: fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((pick) => ({ kind: "allowed" as const, pick })) },
    { weight: 5, arbitrary: fc.nat().map((pick) => ({ kind: "refused" as const, pick })) },
    { weight: 1, arbitrary: fc.constantFrom(...STEPS).map((text) => ({ kind: "any" as const, text: text as string })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom("request_return", "place", "SHIP", " ship", "ship\u0000", ""), hostileText())
        .map((text) => ({ kind: "any" as const, text })),
    },
  ),
  orderId: orderIdOf,
  revision: revisionOf,
  tracking: trackingOf,
  // A value sent twice (the first counts), or a file where text belongs (read as blank).
  noise: fc.constantFrom("none", "none", "duplicate-step", "file-step", "file-revision"),
});

const returnAction = fc.record({
  kind: fc.constant("return" as const),
  token: fc.oneof(
    { weight: 8, arbitrary: fc.constant("right") },
    { weight: 1, arbitrary: fc.constant("wrong") },
    { weight: 1, arbitrary: fc.constant("missing") },
  ),
  revision: revisionOf,
  reason: fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom("Too small", "  Arrived broken  ", "Caf\u00e9 mug was chipped \ud83d\ude00")
        .map((text) => ({ good: true, text })),
    },
    { weight: 1, arbitrary: fc.oneof(hostileText(), fc.constantFrom("", "   ", "x".repeat(2_001))).map((text) => ({ good: false, text })) },
  ),
  late: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/**
 * A step the model allows from `state`, chosen by `pick`; the steps that end
 * a walk early (cancel, refund) only now and then, so runs reach delivery,
 * payment and returns. "ship" when none is allowed (refused).
 */
function allowedStep(state: State, pick: number): Step {
  const allowed = STEPS.filter((step) => modelStep(state, step) && ((step !== "cancel" && step !== "refund") || pick % 5 === 0));
  return allowed.length > 0 ? allowed[pick % allowed.length] : "ship";
}

/** A desk step the model refuses from `state`, chosen by `pick`. */
function refusedStep(state: State, pick: number): Step {
  const refused = STEPS.filter((step) => !modelStep(state, step));
  return refused[pick % refused.length];
}

/** true when every condition holds, false when one surely fails, null when one is unknown (hostile text that may happen to be valid). */
function verdict(...conditions: Array<boolean | null>): boolean | null {
  if (conditions.includes(false)) return false;
  return conditions.includes(null) ? null : true;
}

/** A desk step most of the time, now and then the shopper's return request. */
const action = fc.oneof({ weight: 4, arbitrary: deskAction }, { weight: 1, arbitrary: returnAction });
type Action = DeskAction | ReturnAction;
type DeskAction = typeof deskAction extends fc.Arbitrary<infer T> ? T : never;
type ReturnAction = typeof returnAction extends fc.Arbitrary<infer T> ? T : never;
const goodStep = (text: Step): DeskAction => ({
  kind: "desk",
  caller: -1,
  step: { kind: "any", text },
  orderId: { kind: "this" },
  revision: { kind: "shown" },
  tracking: { good: true, text: "1Z999AA10123456784" },
  noise: "none",
});
const goodReturn: ReturnAction = {
  kind: "return",
  token: "right",
  revision: { kind: "shown" },
  reason: { good: true, text: "Too small" },
  late: false,
};
/** Walks of good steps a run may start with (checked like any action), so the random actions that follow meet every state. */
const WALKS: Action[][] = [
  [],
  [],
  [goodStep("cancel")],
  [goodStep("ship")],
  [goodStep("ship"), goodStep("deliver")],
  [goodStep("ship"), goodStep("deliver"), goodReturn],
  [goodStep("ship"), goodStep("deliver"), goodStep("record_payment")],
  [goodStep("ship"), goodStep("deliver"), goodStep("record_payment"), goodReturn],
  [goodStep("ship"), goodStep("deliver"), goodStep("record_payment"), goodStep("refund")],
  [goodStep("ship"), goodStep("deliver"), goodReturn, goodStep("accept_return")],
  [goodStep("ship"), goodStep("deliver"), goodStep("record_payment"), goodReturn, goodStep("refuse_return")],
];
/** Each walk once before the random runs (then one more step, taken or refused as its state says), so every seed meets every state. */
const WALK_EXAMPLES: Array<[{ walk: Action[]; lines: Array<{ id: string; quantity: number }>; actions: Action[] }]> = WALKS.map((walk) => [
  {
    walk,
    lines: [
      { id: "st-lamp", quantity: 2 },
      { id: "st-mug", quantity: 1 },
    ],
    actions: [goodStep("refund")],
  },
]);
const runOf = fc.record({
  walk: fc.constantFrom(...WALKS),
  lines: fc
    .subarray([...PRODUCTS.map((p) => p.id)], { minLength: 1 })
    .chain((ids) => fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), quantity: fc.integer({ min: 1, max: 4 }) })))),
  actions: fc.array(action, { minLength: 1, maxLength: MAX_ACTIONS }),
});

const RUNS = { SQLite: SQLITE_RUNS, Firestore: FIRESTORE_RUNS };

for (const choice of fuzzBackends("fuzz-order-steps")) {
  describe(`order steps fuzz (${choice.name})`, () => {
    let backend: FuzzBackend;
    const runs = new RunCounter();
    const afterSteps: string[] = [];
    let otherOrder: Order;
    const secret = "fuzz secret";

    async function place(lines: Array<{ id: string; quantity: number }>): Promise<{ order: Order; token: string; owner: CartOwner }> {
      const { store } = backend;
      const owner: CartOwner = `guest:${randomUUID()}`;
      const key = randomUUID();
      for (const line of lines) await store.addToLine(owner, line.id, line.quantity);
      const { token, hash } = guestTokenFor(owner, key, secret);
      const shown = lines.map((line) => ({
        productId: line.id,
        unitPriceCents: PRODUCTS.find((p) => p.id === line.id)!.priceCents,
        quantity: line.quantity,
      }));
      const { order } = await store.placeOrder({
        owner,
        uid: null,
        idempotencyKey: key,
        paymentMethod: "pay_on_delivery",
        lines: shown,
        ...defaultBill(shown),
        contact: { email: "grace@example.com", name: "Grace", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        guestTokenHash: hash,
        confirmation: emailOf("grace@example.com"),
      });
      return { order, token, owner };
    }

    before(async () => {
      backend = await choice.open();
      await backend.store.upsertProducts(
        PRODUCTS.map((p, i) => product(p.id, i + 1, "Electronics", { name: `Steps ${p.id}`, priceCents: p.priceCents })),
      );
      for (const p of PRODUCTS) if (p.stock !== null) await backend.store.setStock(p.id, p.stock, null);
      otherOrder = (await place([{ id: "st-mug", quantity: 1 }])).order;
    });

    after(async () => {
      console.log(`order steps fuzz on ${choice.name} (seed ${FUZZ_SEED}): ${runs.summary()}`);
      await backend.close();
    });

    test("arbitrary steps and return requests on placed orders: only allowed transitions, a refusal changes nothing, stock stays between 0 and its start", async () => {
      const { store } = backend;
      const openStore = async () => store;
      const returns: ReturnRequest = {
        uid: async () => null,
        store: async () => store,
        afterStep: (id) => void afterSteps.push(id),
        limitTokenLookup: async () => null,
      };

      await fc.assert(
        fc.asyncProperty(runOf, async ({ walk, lines, actions: random }) => {
          const actions: Action[] = [...walk, ...random];
          // Each product's stock as the model expects it: as the run starts, less this sale.
          const start = await store.getStock(PRODUCTS.map((p) => p.id));
          const stock = new Map(start);
          for (const line of lines) {
            const was = stock.get(line.id) ?? null;
            if (was !== null) stock.set(line.id, was - line.quantity);
          }
          const placed = await place(lines);
          let order = placed.order;
          let state: State = { fulfilment: "placed", payment: "due", returnState: null };
          const sold = new Map(lines.map((line) => [line.id, line.quantity]));
          let restocked = false;
          let emails = (await store.listOrderEmails(order.id)).length;
          assert.equal(emails, 1, "the confirmation");
          backend.writesSince();

          for (const act of actions) {
            const revisionText = (r: typeof act.revision) =>
              r.kind === "shown"
                ? String(order.revision)
                : r.kind === "moved"
                  ? String(order.revision + r.delta)
                  : r.kind === "text"
                    ? r.text
                    : null;
            const revisionShown = act.revision.kind === "shown" ? true : act.revision.kind === "text" ? null : false;
            const form = new FormData();
            let expected: Step | "request_return" | null = null;
            // Whether this run's order must take the step (true), must not (false), or may either way (null).
            let certain: boolean | null;
            let taken: boolean;
            let label: string;
            // A step taken on the other order: this one unchanged, but the store was written.
            let otherMoved = false;
            const before = backend.fingerprint();

            if (act.kind === "desk") {
              const caller = act.caller < 0 ? ADMIN : NOT_ADMINS[act.caller];
              const stepText =
                act.step.kind === "allowed"
                  ? allowedStep(state, act.step.pick)
                  : act.step.kind === "refused"
                    ? refusedStep(state, act.step.pick)
                    : act.step.text;
              form.set("orderId", act.orderId.kind === "this" ? order.id : act.orderId.kind === "other" ? otherOrder.id : act.orderId.text);
              const revision = revisionText(act.revision);
              if (act.noise === "file-revision") form.set("revision", new Blob([String(order.revision)]), "revision.txt");
              else if (revision !== null) form.set("revision", revision);
              if (act.noise === "file-step") form.set("step", new Blob([stepText]), "step.txt");
              else form.append("step", stepText);
              if (act.noise === "duplicate-step") form.append("step", "cancel");
              if (act.tracking.text !== null) form.set("trackingNumber", act.tracking.text);

              const isStep = (STEPS as readonly string[]).includes(stepText) && act.noise !== "file-step";
              if (isStep) expected = stepText as Step;
              const revisionOk = act.noise === "file-revision" ? false : revisionShown;
              const trackingOk = stepText !== "ship" ? true : act.tracking.good ? true : act.tracking.text === null ? false : null;
              certain = verdict(
                caller === ADMIN,
                isStep,
                isStep && modelStep(state, stepText as Step) !== null,
                act.orderId.kind === "this",
                revisionOk,
                trackingOk,
              );

              let result;
              try {
                result = await takeOrderStepAs(caller, form, openStore);
              } catch (error) {
                assert.fail(`takeOrderStepAs threw: ${String(error)}`);
              }
              if (!result.ok) assert.ok(typeof result.error === "string" && result.error.length > 0, "a refusal says why");
              otherMoved = result.ok && act.orderId.kind === "other";
              if (otherMoved && result.ok) otherOrder = result.order;
              taken = result.ok && !otherMoved;
              label = `desk ${isStep ? stepText : "(not a step)"}${caller === ADMIN ? "" : " (not admin)"}${act.orderId.kind === "this" ? "" : ` (${act.orderId.kind} order)`}: ${result.ok ? "taken" : "refused"}`;
              // A well-formed step the state does not allow is refused in those words.
              if (
                !result.ok &&
                verdict(caller === ADMIN, isStep, act.orderId.kind === "this", revisionOk, trackingOk) === true &&
                !modelStep(state, stepText as Step)
              ) {
                assert.equal(result.error, ORDER_STEP_MESSAGES.notAllowed);
              }
            } else {
              form.set("orderId", order.id);
              const revision = revisionText(act.revision);
              if (revision !== null) form.set("revision", revision);
              if (act.token !== "missing")
                form.set("token", act.token === "right" ? placed.token : placed.token.replace(/^./, (c) => (c === "A" ? "B" : "A")));
              form.set("reason", act.reason.text);
              expected = "request_return";
              // A revision left out reads as Number(null), 0: never the revision of a delivered order.
              const revisionOk = act.revision.kind === "missing" ? order.revision === 0 : revisionShown;
              certain = verdict(
                act.token === "right",
                modelStep(state, "request_return") !== null,
                !act.late,
                revisionOk,
                act.reason.good ? true : null,
              );
              const at = act.late && order.deliveredAt !== null ? order.deliveredAt + 30 * DAY_MS : Date.now();
              const sentBefore = afterSteps.length;
              let result;
              try {
                result = await requestReturnFromForm(returns, form, at);
              } catch (error) {
                assert.fail(`requestReturnFromForm threw: ${String(error)}`);
              }
              if (!result.done) assert.ok(typeof result.error === "string" && result.error.length > 0, "a refusal says why");
              taken = result.done;
              // Its email leaves after the response once, only for a request taken.
              assert.deepEqual(afterSteps.slice(sentBefore), taken ? [order.id] : []);
              label = `return request: ${taken ? "taken" : "refused"}`;
            }
            const outcome = { ok: taken, label };
            runs.hit(outcome.label);

            if (certain !== null)
              assert.equal(
                outcome.ok,
                certain,
                `${outcome.label}, expected ${certain ? "taken" : "refused"} from ${JSON.stringify(state)} at revision ${order.revision}: ${JSON.stringify(act).slice(0, 300)}`,
              );
            const now = (await store.getOrder(order.id))!;
            if (!outcome.ok) {
              // Nothing changed: the order, its emails, the stock; every table (SQLite) or no document written (Firestore).
              assert.deepEqual(now, order, "a refused action changed the order");
              assert.equal((await store.listOrderEmails(order.id)).length, emails, "a refused action wrote an email");
              const written = backend.writesSince();
              if (!otherMoved) {
                if (before !== null) assert.deepEqual(backend.fingerprint(), before, "a refused action wrote to the store");
                if (written !== null) assert.equal(written, 0, "a refused action wrote documents");
              }
            } else {
              const transition = modelStep(state, expected!);
              assert.ok(transition, `${outcome.label} from ${JSON.stringify(state)}: not an allowed transition`);
              state = transition.next;
              assert.deepEqual({ fulfilment: now.fulfilment, payment: now.payment, returnState: now.returnState }, state);
              assert.equal(now.revision, order.revision + 1);
              assert.equal(now.history.length, order.history.length + 1);
              assert.deepEqual(now.history.slice(0, -1), order.history);
              assert.equal(now.history.at(-1)!.step, expected);
              emails += 1;
              assert.equal((await store.listOrderEmails(order.id)).length, emails, "one email per step");
              if (transition.restock) {
                assert.ok(!restocked, "stock is given back once");
                restocked = true;
                for (const [id, quantity] of sold) {
                  const was = stock.get(id)!;
                  if (was !== null) stock.set(id, was + quantity);
                }
              }
              backend.writesSince();
            }
            order = now;
            const counts = await store.getStock(PRODUCTS.map((p) => p.id));
            for (const p of PRODUCTS) {
              const count = counts.get(p.id) ?? null;
              assert.equal(count, stock.get(p.id), `stock of ${p.id}`);
              const was = start.get(p.id) ?? null;
              if (was !== null) assert.ok(count !== null && count >= 0 && count <= was, `stock of ${p.id} out of 0..${was}: ${count}`);
            }
          }
          runs.hit(`ended ${state.fulfilment}, ${state.payment}${state.returnState ? `, return ${state.returnState}` : ""}`);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS[choice.name], examples: WALK_EXAMPLES },
      );
      // The runs must reach the states a refusal could hide in, or the property proved little.
      for (const label of [
        "desk ship: taken",
        "desk deliver: taken",
        "desk cancel: taken",
        "desk record_payment: taken",
        "return request: taken",
        "desk accept_return: taken",
        "desk refuse_return: taken",
        "desk refund: taken",
      ]) {
        assert.ok(runs.count(label) > 0, `no run reached "${label}": ${runs.summary()}`);
      }
    });
  });
}
