DROP INDEX "menu_templates_team_name_unique";--> statement-breakpoint
DROP INDEX "menu_versions_oven_name_unique";--> statement-breakpoint
DROP INDEX "locations_team_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "menu_templates_team_name_unique" ON "menu_templates" USING btree ("team_id",lower(normalize("name", NFKC)));--> statement-breakpoint
CREATE UNIQUE INDEX "menu_versions_oven_name_unique" ON "menu_versions" USING btree ("oven_id",lower(normalize("name", NFKC)));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_team_name_unique" ON "locations" USING btree ("team_id",lower(normalize("name", NFKC)));