CREATE TABLE "nearby_positions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"located_at" timestamp with time zone,
	"is_invisible" smallint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"earth" "cube" GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")) STORED,
	CONSTRAINT "nearby_positions_lat_range" CHECK ("nearby_positions"."latitude" between -90 and 90),
	CONSTRAINT "nearby_positions_lng_range" CHECK ("nearby_positions"."longitude" between -180 and 180),
	CONSTRAINT "nearby_positions_point_whole" CHECK (("nearby_positions"."latitude" is null) = ("nearby_positions"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_responses" (
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_responses_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_responses_action" CHECK ("team_responses"."action" in ('join', 'on_way', 'cannot'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"notify_radius_m" integer NOT NULL,
	"push_notify" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"member_count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "teams_lat_range" CHECK ("teams"."latitude" between -90 and 90),
	CONSTRAINT "teams_lng_range" CHECK ("teams"."longitude" between -180 and 180),
	CONSTRAINT "teams_status" CHECK ("teams"."status" in ('active', 'cancelled', 'disbanded'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "invite_team_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "invite" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "invite_status" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "nearby_positions" ADD CONSTRAINT "nearby_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_responses" ADD CONSTRAINT "team_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_responses" ADD CONSTRAINT "team_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nearby_positions_earth_idx" ON "nearby_positions" USING gist ("earth") WHERE "nearby_positions"."latitude" is not null;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id","joined_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_responses_user_idx" ON "team_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_earth_idx" ON "teams" USING gist (ll_to_earth("latitude", "longitude")) WHERE "teams"."status" = 'active';--> statement-breakpoint
CREATE INDEX "teams_creator_idx" ON "teams" USING btree ("creator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_pending_invite_idx" ON "chat_messages" USING btree ("invite_team_id") WHERE "chat_messages"."invite_status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_team_idx" ON "notifications" USING btree ("team_id") WHERE "notifications"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_earth_idx" ON "posts" USING gist (ll_to_earth("latitude", "longitude")) WHERE "posts"."latitude" is not null and "posts"."deleted_at" is null;