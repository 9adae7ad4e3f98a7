DROP INDEX "ovens_team_name_idx";--> statement-breakpoint
CREATE INDEX "ovens_team_name_idx" ON "ovens" USING btree ("team_id","sort_key","location_sort","id");