-- Lists order names with their numbers by value ("Store 9" before "Store 10", "Line 2" before "Line 10"), case and
-- accents aside as searches compare them: each run of digits in the folded name padded with zeros to 12, kept on write
-- in a generated column the lists' indexes are built on. shared/domain/search.ts holds the same rule (sortKey), tested
-- against this one.
CREATE OR REPLACE FUNCTION natural_sort_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(CASE WHEN m[1] ~ '^[0-9]' AND length(m[1]) < 12 THEN lpad(m[1], 12, '0') ELSE m[1] END,
                                   '' ORDER BY i), '')
          FROM regexp_matches(search_fold($1), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS r(m, i) $$;--> statement-breakpoint
-- The fleet sorts by location as the locations list does.
CREATE OR REPLACE FUNCTION "oven_location_sort"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.location_sort := (SELECT natural_sort_key(name) FROM locations WHERE id = NEW.location_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "location_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens SET location_sort = natural_sort_key(NEW.name) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX "ovens_team_name_idx";--> statement-breakpoint
DROP INDEX "ovens_fleet_idx";--> statement-breakpoint
DROP INDEX "ovens_fleet_status_idx";--> statement-breakpoint
DROP INDEX "ovens_fleet_location_idx";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (natural_sort_key(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (natural_sort_key(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_team_sort_idx" ON "locations" USING btree ("team_id","sort_key","id");--> statement-breakpoint
CREATE INDEX "ovens_team_name_idx" ON "ovens" USING btree ("team_id","sort_key","id");--> statement-breakpoint
CREATE INDEX "ovens_fleet_idx" ON "ovens" USING btree ("team_id","location_sort","sort_key","id");--> statement-breakpoint
CREATE INDEX "ovens_fleet_status_idx" ON "ovens" USING btree ("team_id","fleet_status","location_sort","sort_key","id");--> statement-breakpoint
CREATE INDEX "ovens_fleet_location_idx" ON "ovens" USING btree ("team_id","location_id","sort_key","id");--> statement-breakpoint
UPDATE ovens o SET location_sort = (SELECT natural_sort_key(l.name) FROM locations l WHERE l.id = o.location_id)
  WHERE o.location_id IS NOT NULL;
