CREATE TABLE "search_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"word" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_hot_words" (
	"position" integer PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"score" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_products" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_users" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_word_days" (
	"word" text NOT NULL,
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "search_word_days_word_user_id_day_pk" PRIMARY KEY("word","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_products" ADD CONSTRAINT "search_products_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_users" ADD CONSTRAINT "search_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_word_days" ADD CONSTRAINT "search_word_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_user_word_idx" ON "search_history" USING btree ("user_id","word");--> statement-breakpoint
CREATE INDEX "search_history_user_time_idx" ON "search_history" USING btree ("user_id","searched_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_products_document_idx" ON "search_products" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_users_document_idx" ON "search_users" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_word_days_day_idx" ON "search_word_days" USING btree ("day");