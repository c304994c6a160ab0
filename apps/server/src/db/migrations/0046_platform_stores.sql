CREATE TABLE "platform_operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_operators_email_lower_case" CHECK ("platform_operators"."email" = lower("platform_operators"."email"))
);
--> statement-breakpoint
CREATE TABLE "platform_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "platform_tokens_kind" CHECK ("platform_tokens"."kind" in ('session', 'password'))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_tokens" ADD CONSTRAINT "platform_tokens_operator_id_platform_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."platform_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_operators_email" ON "platform_operators" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_tokens_token_hash" ON "platform_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "platform_tokens_operator" ON "platform_tokens" USING btree ("operator_id");--> statement-breakpoint
-- Every instance forgets which store a host belongs to when a store is added, disabled or
-- enabled, or its hosts change: a new store answers at once, a disabled one stops at once.
CREATE FUNCTION storefront_store_hosts_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_cache', 'store-hosts');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_domains_hosts_notice AFTER INSERT OR UPDATE OR DELETE ON store_domains
FOR EACH STATEMENT EXECUTE FUNCTION storefront_store_hosts_notice();
--> statement-breakpoint
CREATE TRIGGER stores_hosts_notice AFTER INSERT OR DELETE OR UPDATE OF disabled_at ON stores
FOR EACH STATEMENT EXECUTE FUNCTION storefront_store_hosts_notice();
