CREATE TABLE "chime_downloads" (
	"chime_id" bigint NOT NULL,
	"viewer" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "chime_downloads_chime_id_day_viewer_pk" PRIMARY KEY("chime_id","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "chimes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chimes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"channels" smallint NOT NULL,
	"post_id" bigint,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chimes_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "chime_downloads" ADD CONSTRAINT "chime_downloads_chime_id_chimes_id_fk" FOREIGN KEY ("chime_id") REFERENCES "public"."chimes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chimes" ADD CONSTRAINT "chimes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chimes" ADD CONSTRAINT "chimes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chime_downloads_day_idx" ON "chime_downloads" USING btree ("day");--> statement-breakpoint
CREATE INDEX "chimes_popular_idx" ON "chimes" USING btree ("downloads" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chimes"."deleted_at" is null and "chimes"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "chimes_user_idx" ON "chimes" USING btree ("user_id");