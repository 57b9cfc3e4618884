CREATE TABLE "sandbox_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"success_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
