/**
 * kill -9 in the middle of a burst of checkouts, on PostgreSQL: after a restart, every order a
 * shopper was told about is whole, no cart was paid twice, and stock adds up.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, NY_ADDRESS, quoteAddress } from "../test/fixtures.ts";
import { createPostgresDatabase } from "../test/helper.ts";
import { freePort, Shopper, startServer } from "../test/server-process.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
const SHOPPERS = 40;
const SKU = "ITCHY-1";

/**
 * `count` shoppers, each with a cart of `quantity(i)` of SKU quoted for New York (added one after
 * another, quoted at once): each shopper and the total it will pay.
 */
async function shoppersReadyToPay(
  origin: string,
  count: number,
  quantity: (i: number) => number,
): Promise<{ shoppers: Shopper[]; totals: number[] }> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const shopper = new Shopper(origin);
    const added = await shopper.send("POST", "/api/cart/items", {
      sku: SKU,
      quantity: quantity(i),
    });
    expect(added.status).toBe(200);
    shoppers.push(shopper);
  }
  const totals = await Promise.all(
    shoppers.map(async (s) => {
      const quote = await s.send("POST", "/api/checkout/quote", { address: quoteAddress() });
      return ((await quote.json()) as { total: number }).total;
    }),
  );
  return { shoppers, totals };
}

/** The shopper pays its quoted cart with the test card, shipping to New York. */
function pay(shopper: Shopper, email: string, total: number | undefined) {
  return shopper.send(
    "POST",
    "/api/checkout",
    {
      email,
      name: "Burst Buyer",
      address: NY_ADDRESS,
      shippingOptionId: "standard",
      expectedTotal: total,
      card: GOOD_CARD,
    },
    { "idempotency-key": randomUUID() },
  );
}

describe.skipIf(!HAS_WEB_BUILD)(
  "kill -9 and SIGTERM mid-checkout on PostgreSQL (needs npm run build)",
  () => {
    let databaseUrl: string;
    let dropDatabase: () => Promise<void>;
    let port: number;
    let server: ChildProcess | undefined;
    let env: Record<string, string>;

    beforeAll(async () => {
      ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase());
      port = await freePort();
      env = {
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_BUILD_DIR: WEB_BUILD,
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "storefront-crash-")),
      };
    });
    afterAll(async () => {
      server?.kill("SIGKILL");
      await dropDatabase();
    });

    it("every acknowledged order is whole, no cart is paid twice, stock adds up", async () => {
      server = await startServer(env);
      const origin = `http://127.0.0.1:${port}`;
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        await db.query("update variants set stock = 1000 where sku = $1", [SKU]);
        const stockBefore = 1000;

        const { shoppers, totals } = await shoppersReadyToPay(origin, SHOPPERS, (i) => 1 + (i % 3));

        // The burst: every shopper pays at once; the server is killed once a few have answered.
        const acknowledged: number[] = [];
        let answered = 0;
        const crashed = server;
        const burst = shoppers.map(async (shopper, i) => {
          try {
            const res = await pay(shopper, `crash${i}@example.com`, totals[i]);
            if (res.ok) {
              const body = (await res.json()) as { status: string; order: { number: number } };
              if (body.status === "paid") acknowledged.push(body.order.number);
            }
          } catch {
            // The connection died with the server: the shopper was told nothing.
          } finally {
            answered += 1;
            if (answered === 5) crashed.kill("SIGKILL");
          }
        });
        await Promise.all(burst);
        await new Promise((resolve) => {
          if (crashed.exitCode !== null || crashed.signalCode !== null) resolve(null);
          else crashed.once("exit", resolve);
        });
        expect(acknowledged.length).toBeGreaterThan(0);
        expect(acknowledged.length).toBeLessThan(SHOPPERS);

        // Back up: recovery (expired holds and the like) runs as on any start.
        server = await startServer(env);

        // Every acknowledged order exists, is paid, and its totals are the sum of its lines.
        const orders = await db.query<{
          number: number;
          status: string;
          subtotal: number;
          discount_amount: number;
          shipping_amount: number;
          tax_amount: number;
          total: number;
          payment_reference: string | null;
          lines_total: string | null;
          lines: string;
        }>(
          `select o.number, o.status, o.subtotal, o.discount_amount, o.shipping_amount,
                o.tax_amount, o.total, o.payment_reference,
                (select sum(l.line_total) from order_lines l where l.order_id = o.id) as lines_total,
                (select count(*) from order_lines l where l.order_id = o.id) as lines
           from orders o where o.number = any($1::int[])`,
          [acknowledged],
        );
        expect(orders.rows).toHaveLength(acknowledged.length);
        for (const order of orders.rows) {
          expect(order.status, `order ${order.number}`).toBe("paid");
          expect(Number(order.lines)).toBeGreaterThan(0);
          expect(Number(order.lines_total)).toBe(order.subtotal);
          expect(order.total).toBe(
            order.subtotal - order.discount_amount + order.shipping_amount + order.tax_amount,
          );
          expect(order.payment_reference).not.toBeNull();
        }

        // No cart paid twice, no payment used twice.
        const doublePaid = await db.query(
          `select cart_id from orders where status = 'paid' and cart_id is not null
          group by cart_id having count(*) > 1`,
        );
        expect(doublePaid.rows).toEqual([]);
        const doubleReference = await db.query(
          `select payment_reference from orders where payment_reference is not null
          group by payment_reference having count(*) > 1`,
        );
        expect(doubleReference.rows).toEqual([]);

        // Stock: what is left plus what paid orders took is what there was; never negative.
        const [stock] = (
          await db.query<{ stock: number; sold: string | null }>(
            `select v.stock,
                  (select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                    where l.sku = v.sku and o.store_id = v.store_id
                      and o.status in ('paid', 'awaiting_payment')) as sold
             from variants v where v.sku = $1`,
            [SKU],
          )
        ).rows;
        expect(stock?.stock).toBeGreaterThanOrEqual(0);
        expect((stock?.stock ?? 0) + Number(stock?.sold ?? 0)).toBe(stockBefore);
      } finally {
        await db.end();
      }
    }, 120_000);

    it("SIGTERM mid-burst: every checkout in flight completes, the days' sales count them, and the server exits 0", async () => {
      const before = server;
      if (before && before.exitCode === null && before.signalCode === null) {
        await new Promise((resolve) => {
          before.once("exit", resolve);
          before.kill("SIGKILL");
        });
      }
      server = await startServer(env);
      const origin = `http://127.0.0.1:${port}`;
      const { shoppers, totals } = await shoppersReadyToPay(origin, 12, () => 1);
      const stopping = server;
      const exited = new Promise<number | null>((resolve) => stopping.once("exit", resolve));
      let signalled = false;
      const statuses = await Promise.all(
        shoppers.map(async (shopper, i) => {
          const res = await pay(shopper, `sigterm${i}@example.com`, totals[i]);
          // The first answer: the others were sent with it and are being served.
          if (!signalled) {
            signalled = true;
            stopping.kill("SIGTERM");
          }
          return `${res.status} ${((await res.json()) as { status?: string }).status}`;
        }),
      );
      expect(statuses).toEqual(shoppers.map(() => "200 paid"));
      expect(await exited).toBe(0);
      server = undefined;

      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ paid: string; counted: string }>(
          `select (select count(*) from orders where status = 'paid') as paid,
                  (select sum(orders) from sales_days) as counted`,
        );
        expect(Number(rows[0]?.counted)).toBe(Number(rows[0]?.paid));
      } finally {
        await db.end();
      }
    }, 120_000);
  },
);
