CREATE TABLE "menu_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oven_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tree" jsonb NOT NULL,
	"recipes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_versions" ADD CONSTRAINT "menu_versions_oven_id_ovens_id_fk" FOREIGN KEY ("oven_id") REFERENCES "public"."ovens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_versions" ADD CONSTRAINT "menu_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_versions_oven_name_unique" ON "menu_versions" USING btree ("oven_id",lower("name"));--> statement-breakpoint
CREATE INDEX "menu_versions_oven_idx" ON "menu_versions" USING btree ("oven_id","id");