CREATE TABLE "payment_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"trade_no" text,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trade_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"order_ref" bigint NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_trade_no" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"return_url" text NOT NULL,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"refund_reason" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('pending', 'paid', 'failed', 'closed')),
	CONSTRAINT "payments_refund_state" CHECK ("payments"."refund_state" in ('none', 'due', 'processing', 'done')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_memberships" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"plan_type" text NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"pay_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_type" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"months" integer,
	"state" text DEFAULT 'created' NOT NULL,
	"pay_type" text,
	"renews_until" timestamp with time zone,
	"granted_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_orders_state" CHECK ("vip_orders"."state" in ('created', 'paid', 'failed', 'expired', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "vip_plans" (
	"type" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"original_price_fen" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"unit" text NOT NULL,
	"most_popular" boolean DEFAULT false NOT NULL,
	"months" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_plans_type" CHECK ("vip_plans"."type" in ('monthly', 'yearly', 'lifetime')),
	CONSTRAINT "vip_plans_price_positive" CHECK ("vip_plans"."price_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_trade_idx" ON "payment_notices" USING btree ("trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_no_idx" ON "payments" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("purpose","order_ref");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("id") WHERE "payments"."refund_state" in ('due', 'processing');--> statement-breakpoint
CREATE INDEX "vip_memberships_auto_renew_idx" ON "vip_memberships" USING btree ("user_id") WHERE "vip_memberships"."auto_renew";--> statement-breakpoint
CREATE UNIQUE INDEX "vip_orders_order_no_idx" ON "vip_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "vip_orders_user_idx" ON "vip_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vip_orders_open_idx" ON "vip_orders" USING btree ("expires_at") WHERE "vip_orders"."state" = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_orders_renewal_idx" ON "vip_orders" USING btree ("user_id","renews_until");--> statement-breakpoint
-- Memberships set by hand before orders existed had no end: they are kept, for ever.
UPDATE "users" SET "vip_until" = '9999-12-31T00:00:00Z' WHERE "is_vip" = 1;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_vip";