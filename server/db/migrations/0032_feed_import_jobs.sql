DROP INDEX "feed_runs_one_running";--> statement-breakpoint
ALTER TABLE "dealer_feeds" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "dealer_feeds" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "lines_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "lines_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_runs_waiting_idx" ON "feed_runs" USING btree ("id") WHERE "feed_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "feed_runs_one_running" ON "feed_runs" USING btree ("user_id") WHERE "feed_runs"."status" in ('queued', 'running');