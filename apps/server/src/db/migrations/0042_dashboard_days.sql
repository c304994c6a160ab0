CREATE TABLE "product_sales_days" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "product_sales_days_store_id_day_currency_sku_pk" PRIMARY KEY("store_id","day","currency","sku")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	CONSTRAINT "sales_days_store_id_day_currency_pk" PRIMARY KEY("store_id","day","currency")
);
--> statement-breakpoint
DROP INDEX "analytics_events_store_search_at";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "search_query" text GENERATED ALWAYS AS (case when kind = 'search' then data ->> 'query' end) STORED;--> statement-breakpoint
ALTER TABLE "product_sales_days" ADD CONSTRAINT "product_sales_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_days" ADD CONSTRAINT "sales_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_store_searched" ON "analytics_events" USING btree ("store_id","at","search_query") WHERE "analytics_events"."kind" = 'search';--> statement-breakpoint
-- An order's part of the day it was paid, added (sign 1) or taken back (sign -1): its count,
-- total and refunds in sales_days, its lines by SKU in product_sales_days (SKUs in order, so two
-- orders' rows are always locked in the same order).
CREATE FUNCTION orders_sales_day_add(o orders, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sales_days AS d (store_id, day, currency, orders, revenue, refunded)
  VALUES (o.store_id, (o.paid_at AT TIME ZONE 'UTC')::date, o.currency, sign,
    sign * o.total, sign * o.refunded_amount)
  ON CONFLICT (store_id, day, currency) DO UPDATE SET orders = d.orders + excluded.orders,
    revenue = d.revenue + excluded.revenue, refunded = d.refunded + excluded.refunded;
  INSERT INTO product_sales_days AS p (store_id, day, currency, sku, title, units, revenue)
  SELECT o.store_id, (o.paid_at AT TIME ZONE 'UTC')::date, o.currency, l.sku, min(l.title),
    sign * sum(l.quantity), sign * sum(l.line_total)
  FROM order_lines l WHERE l.order_id = o.id
  GROUP BY l.sku ORDER BY l.sku
  ON CONFLICT (store_id, day, currency, sku) DO UPDATE SET units = p.units + excluded.units,
    revenue = p.revenue + excluded.revenue, title = least(p.title, excluded.title);
$$;
--> statement-breakpoint
-- Keeps the days' sales as orders become paid and are refunded. Deferred to the commit: the
-- order's lines are all there, and the days' rows are locked only while it commits (every paid
-- order of a day adds to one row), never across the rest of a checkout's statements.
CREATE FUNCTION orders_sales_days() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_paid boolean := TG_OP = 'UPDATE' AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL;
  is_paid boolean := NEW.status = 'paid' AND NEW.paid_at IS NOT NULL;
BEGIN
  IF was_paid AND is_paid AND OLD.paid_at = NEW.paid_at AND OLD.currency = NEW.currency
      AND OLD.total = NEW.total THEN
    -- A refund: only the day's refunded amount changes.
    UPDATE sales_days SET refunded = refunded + NEW.refunded_amount - OLD.refunded_amount
      WHERE store_id = NEW.store_id AND day = (NEW.paid_at AT TIME ZONE 'UTC')::date
        AND currency = NEW.currency;
    RETURN NULL;
  END IF;
  IF was_paid THEN PERFORM orders_sales_day_add(OLD, -1); END IF;
  IF is_paid THEN PERFORM orders_sales_day_add(NEW, 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_sales_days_paid AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'paid')
  EXECUTE FUNCTION orders_sales_days();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_sales_days_changed
  AFTER UPDATE OF status, paid_at, currency, total, refunded_amount ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'paid' OR NEW.status = 'paid')
  EXECUTE FUNCTION orders_sales_days();
--> statement-breakpoint
-- The orders paid before.
INSERT INTO sales_days (store_id, day, currency, orders, revenue, refunded)
  SELECT store_id, (paid_at AT TIME ZONE 'UTC')::date, currency, count(*), sum(total),
    sum(refunded_amount)
  FROM orders WHERE status = 'paid' AND paid_at IS NOT NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO product_sales_days (store_id, day, currency, sku, title, units, revenue)
  SELECT o.store_id, (o.paid_at AT TIME ZONE 'UTC')::date, o.currency, l.sku, min(l.title),
    sum(l.quantity), sum(l.line_total)
  FROM orders o JOIN order_lines l ON l.order_id = o.id
  WHERE o.status = 'paid' AND o.paid_at IS NOT NULL
  GROUP BY 1, 2, 3, 4;
