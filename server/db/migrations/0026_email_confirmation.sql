ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before addresses were confirmed keep their alerts and message e-mails: they count
-- as confirmed from when they registered.
UPDATE "users" SET "email_confirmed_at" = "created_at";
