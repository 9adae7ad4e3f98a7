CREATE TABLE "settings_download_parts" (
	"token" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "settings_download_parts_token_seq_pk" PRIMARY KEY("token","seq")
);
--> statement-breakpoint
ALTER TABLE "settings_downloads" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings_downloads" ADD COLUMN "complete" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings_download_parts" ADD CONSTRAINT "settings_download_parts_token_settings_downloads_token_fk" FOREIGN KEY ("token") REFERENCES "public"."settings_downloads"("token") ON DELETE cascade ON UPDATE no action;