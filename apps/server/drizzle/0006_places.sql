CREATE TABLE "pois" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pois_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"document" "tsvector" NOT NULL,
	CONSTRAINT "pois_lat_range" CHECK ("pois"."lat" between -90 and 90),
	CONSTRAINT "pois_lng_range" CHECK ("pois"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE INDEX "pois_document_idx" ON "pois" USING gin ("document");--> statement-breakpoint
CREATE INDEX "pois_earth_idx" ON "pois" USING gist (ll_to_earth("lat", "lng"));