import { randomUUID } from "node:crypto";
import { isoDay, nextChargeOn } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  GOOD_CARD,
  outboxTo,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { carts, orders, subscriptions } from "../../db/schema.ts";
import { renewSubscriptions } from "../../flows/renew-subscription/index.ts";
import {
  HEMP_ACCOUNT,
  PETS_ACCOUNT,
  PLATFORM_WEBHOOK_SECRET,
  signer,
  useStripeApp,
  WEBHOOK_SECRET,
  webhook,
} from "./stripe-test-helpers.ts";

describe("Stripe payments", () => {
  const { t, stub, orderOf, placeHeld, deliver } = useStripeApp();

  describe("POST /api/payments/stripe/webhook", () => {
    it("completes the order once, however often the verified webhook is replayed", async () => {
      const { order } = await placeHeld("EAT-1");
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      const first = await deliver(hook);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().outcome).toBe("completed");
      for (let i = 0; i < 5; i += 1) {
        const replay = await deliver(hook);
        expect(replay.statusCode).toBe(200);
        expect(replay.json().outcome).toBe("already_applied");
      }
      // A second, distinct success event for the same payment changes nothing either.
      const again = await deliver(
        webhook("payment_intent.succeeded", order.paymentReference ?? ""),
      );
      expect(again.json().outcome).toBe("already_applied");
      const paid = await orderOf(order.number);
      expect(paid.status).toBe("paid");
      const [cart] = await t.database.db
        .select()
        .from(carts)
        .where(eq(carts.id, order.cartId ?? ""));
      expect(cart?.status).toBe("purchased");
      await t.app.background.idle();
      const mails = await outboxTo(t.database.db, order.email);
      expect(mails.filter((m) => m.subject.includes(`#${order.number}`))).toHaveLength(1);
    });

    it("starts a signed-in buyer's subscription once when it completes the order", async () => {
      const user = await createUser(t.database.db);
      const v = visitorWithOwnIp(t.app);
      await signIn(v, user.email);
      const { order } = await placeHeld("ITCHY-2", v, "every-2-months");
      const listed = async () => (await v.get("/api/account/subscriptions")).json().subscriptions;
      expect(await listed()).toEqual([]);
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      expect((await deliver(hook)).json().outcome).toBe("completed");
      expect((await deliver(hook)).json().outcome).toBe("already_applied");
      const paid = await orderOf(order.number);
      expect(await listed()).toEqual([
        expect.objectContaining({
          sku: "ITCHY-2",
          order_number: order.number,
          subscription: expect.objectContaining({ subscription_id: "every-2-months" }),
          next_charge_on: nextChargeOn(isoDay(paid.paidAt ?? new Date(0)), "month", 2),
        }),
      ]);
    });

    it("keeps the card of a subscription order for renewals, which are charged off-session with one key per subscription, period and try", async () => {
      const user = await createUser(t.database.db);
      const v = visitorWithOwnIp(t.app);
      await signIn(v, user.email);
      const { order } = await placeHeld("ITCHY-1", v, "monthly");
      const customer = stub.calls.find((c) => c.path === "/v1/customers");
      expect(customer?.idempotencyKey).toBe(`order-${order.id}-intent-customer`);
      const intent = stub.calls.find((c) => c.path === "/v1/payment_intents");
      expect(intent?.body.get("setup_future_usage")).toBe("off_session");
      expect(intent?.body.get("customer")).toMatch(/^cus_/);
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "", undefined, {
        setup_future_usage: "off_session",
        payment_method: "pm_card_visa",
        customer: intent?.body.get("customer"),
      });
      expect((await deliver(hook)).json().outcome).toBe("completed");
      const [sub] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.id));
      expect(sub).toMatchObject({
        paymentMethod: "pm_card_visa",
        paymentCustomer: intent?.body.get("customer"),
      });
      if (!sub) throw new Error("no subscription");

      const deps = {
        db: t.database.db,
        payments: t.app.payments,
        mailer: t.app.mailer,
        log: t.app.log,
        linkKey: t.app.sessionKey,
      };
      const due = new Date(`${sub.nextChargeOn}T12:00:00Z`);
      stub.calls.length = 0;
      await renewSubscriptions(deps, due);
      const renewal = stub.calls.find((c) => c.body.get("off_session") === "true");
      expect(renewal?.idempotencyKey).toBe(`renewal:${sub.id}:${sub.nextChargeOn}:0`);
      expect(renewal?.body.get("payment_method")).toBe("pm_card_visa");
      expect(renewal?.body.get("customer")).toBe(sub.paymentCustomer);
      expect(renewal?.body.get("confirm")).toBe("true");
      // On the store's own account, where the card was kept.
      expect(renewal?.account).toBe(PETS_ACCOUNT);
      const [renewed] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.renewalOf, sub.id));
      expect(renewed).toMatchObject({ status: "paid", total: Number(renewal?.body.get("amount")) });

      // The card is declined at the next renewal: the order ends, the try is counted.
      await t.database.db
        .update(subscriptions)
        .set({ paymentMethod: "pm_card_chargeDeclined" })
        .where(eq(subscriptions.id, sub.id));
      const next = nextChargeOn(sub.nextChargeOn, "month", 1);
      await renewSubscriptions(deps, new Date(`${next}T12:00:00Z`));
      const declined = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.renewalOf, sub.id), eq(orders.status, "declined")));
      expect(declined.map((o) => o.failureMessage)).toEqual(["Your card was declined."]);
      const [after] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(after).toMatchObject({ status: "active", failedAttempts: 1, nextChargeOn: next });

      // A renewal's payment that succeeds after its hold expired is given back, not revived: the
      // period is renewed by the next try.
      const [late] = declined;
      if (!late) throw new Error("no declined renewal");
      await t.database.db
        .update(orders)
        .set({ status: "expired", paymentReference: "pi_late_renewal" })
        .where(eq(orders.id, late.id));
      stub.calls.length = 0;
      const lateHook = webhook("payment_intent.succeeded", "pi_late_renewal");
      expect((await deliver(lateHook)).json().outcome).toBe("refunded_no_stock");
      expect(stub.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(1);
      expect((await orderOf(late.number)).status).toBe("canceled");

      // A new card on the account page: a SetupIntent on the subscription's customer, confirmed
      // in the browser; its webhook keeps the card, once.
      stub.calls.length = 0;
      const inBody = await v.post(`/api/account/subscriptions/${sub.id}/card`, { card: GOOD_CARD });
      expect(inBody.statusCode).toBe(400);
      const asked = await v.post(`/api/account/subscriptions/${sub.id}/card`, {});
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().clientSecret).toMatch(/^seti_\w+_secret_stub$/);
      const setup = stub.calls.find((c) => c.path === "/v1/setup_intents");
      expect(setup?.body.get("customer")).toBe(sub.paymentCustomer);
      expect(setup?.body.get("usage")).toBe("off_session");
      expect(setup?.body.get("metadata[subscription_id]")).toBe(sub.id);
      expect(setup?.idempotencyKey).toMatch(new RegExp(`^subscription-card-${sub.id}-`));
      expect(setup?.account).toBe(PETS_ACCOUNT);
      const cardSaved = (account: string) => {
        const payload = JSON.stringify({
          id: `evt_${randomUUID().replaceAll("-", "")}`,
          object: "event",
          account,
          type: "setup_intent.succeeded",
          data: {
            object: {
              id: "seti_confirmed",
              object: "setup_intent",
              payment_method: "pm_card_mastercard",
              customer: sub.paymentCustomer,
              metadata: { store_id: sub.storeId, subscription_id: sub.id },
            },
          },
        });
        return {
          payload,
          signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        };
      };
      // Another store's account cannot give this subscription a card.
      expect((await deliver(cardSaved(HEMP_ACCOUNT))).json().outcome).toBe("unknown_order");
      const saved = cardSaved(PETS_ACCOUNT);
      expect((await deliver(saved)).json().outcome).toBe("card_saved");
      expect((await deliver(saved)).json().outcome).toBe("already_applied");
      const [withCard] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(withCard).toMatchObject({ paymentMethod: "pm_card_mastercard", status: "active" });
    });

    it("keeps in the cart what the shopper added while the payment was under way", async () => {
      const { v, order } = await placeHeld("DRAMA-2");
      await v.post("/api/cart/items", { sku: "EAT-2", quantity: 1 });
      const res = await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      expect(res.json().outcome).toBe("completed");
      const cart = (await v.get("/api/cart")).json();
      expect(cart.cartItems.map((i: { sku: string }) => i.sku)).toEqual(["EAT-2"]);
    });

    it("refuses with 400, and applies neither, a webhook with a bad signature or a timestamp older than 300 s", async () => {
      const { order } = await placeHeld("EAT-1");
      const forged = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      const bad = await deliver({
        ...forged,
        // Flip the signature's first hex digit: "0" when it is not, "1" when it is, never the same.
        signature: forged.signature.replace(/v1=(\w)/, (_, d: string) =>
          d === "0" ? "v1=1" : "v1=0",
        ),
      });
      expect(bad.statusCode).toBe(400);
      const stale = webhook(
        "payment_intent.succeeded",
        order.paymentReference ?? "",
        Math.floor(Date.now() / 1000) - 301,
      );
      expect((await deliver(stale)).statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json" },
        payload: forged.payload,
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await orderOf(order.number)).status).toBe("awaiting_payment");
    });

    it("verifies an event signed by either endpoint's secret (connected accounts', platform's), and names a stale one", async () => {
      const { order } = await placeHeld("EAT-1");
      const reference = order.paymentReference ?? "";
      const other = "whsec_notoneofours";
      const foreign = webhook(
        "payment_intent.succeeded",
        reference,
        undefined,
        {},
        PETS_ACCOUNT,
        other,
      );
      const refused = await deliver(foreign);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/^Webhook refused: No signatures found/);
      const old = Math.floor(Date.now() / 1000) - 301;
      const stale = webhook("payment_intent.succeeded", reference, old, {}, PETS_ACCOUNT);
      expect((await deliver(stale)).json().error.message).toMatch(/tolerance/);
      const byPlatform = webhook(
        "payment_intent.succeeded",
        reference,
        undefined,
        {},
        PETS_ACCOUNT,
        PLATFORM_WEBHOOK_SECRET,
      );
      const applied = await deliver(byPlatform);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().outcome).toBe("completed");
    });

    it("keeps the hold after a failed attempt, so the shopper may try another card, and records the reason", async () => {
      const { order } = await placeHeld("EAT-1");
      const res = await deliver(
        webhook("payment_intent.payment_failed", order.paymentReference ?? ""),
      );
      expect(res.json().outcome).toBe("recorded_failure");
      const after = await orderOf(order.number);
      expect(after.status).toBe("awaiting_payment");
      expect(after.failureMessage).toBe("Your card was declined.");
    });

    it("does not record an event for an unknown PaymentIntent, so Stripe's retry can still apply it", async () => {
      const hook = webhook("payment_intent.succeeded", "pi_unknown_to_this_server");
      expect((await deliver(hook)).json().outcome).toBe("unknown_order");
      expect((await deliver(hook)).json().outcome).toBe("unknown_order");
    });
  });
});
