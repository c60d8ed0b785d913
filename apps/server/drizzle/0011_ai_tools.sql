CREATE TABLE "ai_avatars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_avatars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"batch" integer NOT NULL,
	"style" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"prompt" text NOT NULL,
	"style" text NOT NULL,
	"aspect" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"charge" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"day" text NOT NULL,
	"provider_name" text NOT NULL,
	"provider_local" boolean NOT NULL,
	"stem" text,
	"result_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"poster_key" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "ai_jobs_kind" CHECK ("ai_jobs"."kind" in ('image', 'video')),
	CONSTRAINT "ai_jobs_state" CHECK ("ai_jobs"."state" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "ai_jobs_charge" CHECK ("ai_jobs"."charge" in ('free', 'points', 'vip')),
	CONSTRAINT "ai_jobs_progress" CHECK ("ai_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "ai_translations" (
	"hash" text PRIMARY KEY NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"translated" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_avatars" ADD CONSTRAINT "ai_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_avatars_user_idx" ON "ai_avatars" USING btree ("user_id","batch");--> statement-breakpoint
CREATE INDEX "ai_jobs_user_day_idx" ON "ai_jobs" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "ai_jobs_gallery_idx" ON "ai_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ai_jobs_unfinished_idx" ON "ai_jobs" USING btree ("created_at") WHERE "ai_jobs"."state" in ('queued', 'running');