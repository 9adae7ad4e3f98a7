CREATE TABLE "oven_sightings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oven_sightings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oven_id" integer NOT NULL,
	"checksum" text NOT NULL,
	"version_id" integer,
	"seen_by" integer,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings_fingerprints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_fingerprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oven_id" integer NOT NULL,
	"checksum" text NOT NULL,
	"version_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oven_sightings" ADD CONSTRAINT "oven_sightings_oven_id_ovens_id_fk" FOREIGN KEY ("oven_id") REFERENCES "public"."ovens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oven_sightings" ADD CONSTRAINT "oven_sightings_version_id_menu_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."menu_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oven_sightings" ADD CONSTRAINT "oven_sightings_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_fingerprints" ADD CONSTRAINT "settings_fingerprints_oven_id_ovens_id_fk" FOREIGN KEY ("oven_id") REFERENCES "public"."ovens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_fingerprints" ADD CONSTRAINT "settings_fingerprints_version_id_menu_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."menu_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_fingerprints" ADD CONSTRAINT "settings_fingerprints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oven_sightings_oven_idx" ON "oven_sightings" USING btree ("oven_id","id");--> statement-breakpoint
CREATE INDEX "settings_fingerprints_oven_checksum_idx" ON "settings_fingerprints" USING btree ("oven_id","checksum");