CREATE TABLE "shop_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"sku_key" text NOT NULL,
	"sku_id" bigint NOT NULL,
	"title" text NOT NULL,
	"spec_text" text NOT NULL,
	"cover" text NOT NULL,
	"price_fen" integer NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"goods_fen" integer NOT NULL,
	"freight_fen" integer NOT NULL,
	"points_used" integer DEFAULT 0 NOT NULL,
	"points_fen" integer DEFAULT 0 NOT NULL,
	"payable_fen" integer NOT NULL,
	"address" jsonb NOT NULL,
	"pay_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"courier" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	CONSTRAINT "shop_orders_state" CHECK ("shop_orders"."state" in ('unpaid', 'unshipped', 'shipped', 'completed', 'cancelled', 'refunded')),
	CONSTRAINT "shop_orders_money" CHECK ("shop_orders"."goods_fen" > 0 and "shop_orders"."freight_fen" >= 0 and "shop_orders"."points_fen" >= 0 and "shop_orders"."payable_fen" = "shop_orders"."goods_fen" + "shop_orders"."freight_fen" - "shop_orders"."points_fen" and "shop_orders"."payable_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_default_idx" ON "shop_addresses" USING btree ("user_id") WHERE "shop_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "shop_order_lines_order_idx" ON "shop_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_product_idx" ON "shop_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_order_no_idx" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_orders_state_idx" ON "shop_orders" USING btree ("state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_orders_unpaid_idx" ON "shop_orders" USING btree ("expires_at") WHERE "shop_orders"."state" = 'unpaid';--> statement-breakpoint
CREATE INDEX "shop_orders_shipped_idx" ON "shop_orders" USING btree ("shipped_at") WHERE "shop_orders"."state" = 'shipped';