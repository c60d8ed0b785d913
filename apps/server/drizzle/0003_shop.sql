CREATE TABLE "shop_cart_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_cart_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"sku_key" text NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"promo_start" timestamp with time zone,
	"promo_end" timestamp with time zone,
	"sales" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_skus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"sku_key" text NOT NULL,
	"apids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"market_price" integer,
	"promo_price" integer,
	"stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_spec_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_spec_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_spec_options" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_spec_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_lines" ADD CONSTRAINT "shop_cart_lines_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_parent_id_shop_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."shop_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_spec_groups" ADD CONSTRAINT "shop_spec_groups_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_spec_options" ADD CONSTRAINT "shop_spec_options_group_id_shop_spec_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."shop_spec_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_spec_options" ADD CONSTRAINT "shop_spec_options_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_lines_user_sku_idx" ON "shop_cart_lines" USING btree ("user_id","product_id","sku_key");--> statement-breakpoint
CREATE INDEX "shop_cart_lines_user_idx" ON "shop_cart_lines" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_categories_parent_idx" ON "shop_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "shop_products_category_idx" ON "shop_products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_products_created_idx" ON "shop_products" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_skus_product_key_idx" ON "shop_skus" USING btree ("product_id","sku_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_spec_groups_product_name_idx" ON "shop_spec_groups" USING btree ("product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_spec_options_group_name_idx" ON "shop_spec_options" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "shop_spec_options_product_idx" ON "shop_spec_options" USING btree ("product_id");