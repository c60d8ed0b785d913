CREATE TABLE "search_posts" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_posts" ADD CONSTRAINT "search_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_posts_document_idx" ON "search_posts" USING gin ("document");