CREATE TABLE "outbox_attachments" (
	"outbox_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "outbox_attachments_outbox_id_position_pk" PRIMARY KEY("outbox_id","position")
);
--> statement-breakpoint
CREATE TABLE "settings_downloads" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"oven_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_downloads" ADD CONSTRAINT "settings_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_downloads" ADD CONSTRAINT "settings_downloads_oven_id_ovens_id_fk" FOREIGN KEY ("oven_id") REFERENCES "public"."ovens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_downloads_expires_at_idx" ON "settings_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_next_attempt_at_idx" ON "outbox" USING btree ("next_attempt_at");--> statement-breakpoint
-- Mail sent before this migration: delivered when it had no error.
UPDATE "outbox" SET "sent_at" = "created_at" WHERE "error" IS NULL;
