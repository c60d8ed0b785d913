CREATE TABLE "bookmark_blocked_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmark_hot_pins" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"pinned_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmark_page_meta" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"favicon_key" text DEFAULT '' NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmark_url_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookmark_url_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookmarks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"favicon_key" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookmark_blocked_domains" ADD CONSTRAINT "bookmark_blocked_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_hot_pins" ADD CONSTRAINT "bookmark_hot_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_url_history" ADD CONSTRAINT "bookmark_url_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmark_page_meta_fetched_idx" ON "bookmark_page_meta" USING btree ("fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookmark_url_history_user_url_idx" ON "bookmark_url_history" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "bookmark_url_history_user_visited_idx" ON "bookmark_url_history" USING btree ("user_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_url_idx" ON "bookmarks" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "bookmarks_user_id_idx" ON "bookmarks" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_url_created_idx" ON "bookmarks" USING btree ("url","created_at");--> statement-breakpoint
CREATE INDEX "bookmarks_created_idx" ON "bookmarks" USING btree ("created_at");