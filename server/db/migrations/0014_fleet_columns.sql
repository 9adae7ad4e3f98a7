-- The team's id and a trigram of a name in one index (the ovens search).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "fleet_counts" (
	"team_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "fleet_counts_team_id_location_id_type_status_pk" PRIMARY KEY("team_id","location_id","type","status")
);
--> statement-breakpoint
DROP INDEX "ovens_team_name_idx";--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "latest_version_id" integer;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "last_sighting_id" integer;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "seen_version_id" integer;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "last_fingerprint_id" integer;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "location_sort" text;--> statement-breakpoint
ALTER TABLE "ovens" ADD COLUMN "fleet_status" text GENERATED ALWAYS AS (case when latest_version_id is null then 'no_version' when seen_at is null then 'never_checked' when seen_version_id = latest_version_id then 'up_to_date' else 'waiting' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_counts" ADD CONSTRAINT "fleet_counts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ovens_fleet_idx" ON "ovens" USING btree ("team_id","location_sort",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "ovens_fleet_status_idx" ON "ovens" USING btree ("team_id","fleet_status","location_sort",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "ovens_fleet_location_idx" ON "ovens" USING btree ("team_id","location_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "ovens_name_trgm_idx" ON "ovens" USING gin ("team_id",lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ovens_team_name_idx" ON "ovens" USING btree ("team_id",lower("name"),"id");--> statement-breakpoint
-- An oven's location name to sort by, set as the oven is written and when its location is renamed.
CREATE FUNCTION "oven_location_sort"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.location_sort := (SELECT lower(name) FROM locations WHERE id = NEW.location_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ovens_location_sort" BEFORE INSERT OR UPDATE OF location_id ON "ovens"
  FOR EACH ROW EXECUTE FUNCTION "oven_location_sort"();--> statement-breakpoint
CREATE FUNCTION "location_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens SET location_sort = lower(NEW.name) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "locations_renamed" AFTER UPDATE OF name ON "locations"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "location_renamed"();--> statement-breakpoint
-- The newest named version of each oven: what it should run. Set per statement, so a template applied to 250
-- ovens is one update.
CREATE FUNCTION "versions_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens o SET latest_version_id = x.id
  FROM (SELECT oven_id, max(id) AS id FROM new_rows GROUP BY oven_id) x
  WHERE o.id = x.oven_id AND (o.latest_version_id IS NULL OR o.latest_version_id < x.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "menu_versions_added" AFTER INSERT ON "menu_versions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "versions_added"();--> statement-breakpoint
CREATE FUNCTION "versions_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens o SET latest_version_id = (SELECT max(v.id) FROM menu_versions v WHERE v.oven_id = o.id)
  WHERE o.id IN (SELECT DISTINCT oven_id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "menu_versions_removed" AFTER DELETE ON "menu_versions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "versions_removed"();--> statement-breakpoint
-- What each oven was last seen running.
CREATE FUNCTION "sightings_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens o SET last_sighting_id = s.id, seen_version_id = s.version_id, seen_at = s.seen_at
  FROM (SELECT DISTINCT ON (oven_id) id, oven_id, version_id, seen_at FROM new_rows ORDER BY oven_id, id DESC) s
  WHERE o.id = s.oven_id AND (o.last_sighting_id IS NULL OR o.last_sighting_id < s.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "oven_sightings_added" AFTER INSERT ON "oven_sightings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sightings_added"();--> statement-breakpoint
-- Each oven's last download.
CREATE FUNCTION "fingerprints_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens o SET last_fingerprint_id = x.id
  FROM (SELECT oven_id, max(id) AS id FROM new_rows GROUP BY oven_id) x
  WHERE o.id = x.oven_id AND (o.last_fingerprint_id IS NULL OR o.last_fingerprint_id < x.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "settings_fingerprints_added" AFTER INSERT ON "settings_fingerprints" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fingerprints_added"();--> statement-breakpoint
-- The counts by team, location, model and status follow every oven that comes, goes or changes any of them.
CREATE FUNCTION "fleet_count"(team integer, place integer, model text, state text, delta integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_counts (team_id, location_id, type, status, n)
  VALUES (team, coalesce(place, 0), model, state, delta)
  ON CONFLICT (team_id, location_id, type, status) DO UPDATE SET n = fleet_counts.n + excluded.n;
END $$;--> statement-breakpoint
CREATE FUNCTION "ovens_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND OLD.team_id = NEW.team_id AND OLD.location_id IS NOT DISTINCT FROM NEW.location_id
       AND OLD.type = NEW.type AND OLD.fleet_status = NEW.fleet_status THEN
      RETURN NULL;
    END IF;
    -- A team being deleted takes its counts with it.
    IF EXISTS (SELECT 1 FROM teams WHERE id = OLD.team_id) THEN
      PERFORM fleet_count(OLD.team_id, OLD.location_id, OLD.type, OLD.fleet_status, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM fleet_count(NEW.team_id, NEW.location_id, NEW.type, NEW.fleet_status, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ovens_counted" AFTER INSERT OR UPDATE OR DELETE ON "ovens"
  FOR EACH ROW EXECUTE FUNCTION "ovens_counted"();--> statement-breakpoint
-- What is there already.
UPDATE ovens o SET
  latest_version_id = (SELECT max(id) FROM menu_versions v WHERE v.oven_id = o.id),
  last_fingerprint_id = (SELECT max(id) FROM settings_fingerprints f WHERE f.oven_id = o.id),
  location_sort = (SELECT lower(name) FROM locations l WHERE l.id = o.location_id);--> statement-breakpoint
UPDATE ovens o SET last_sighting_id = s.id, seen_version_id = s.version_id, seen_at = s.seen_at
FROM (SELECT DISTINCT ON (oven_id) id, oven_id, version_id, seen_at FROM oven_sightings ORDER BY oven_id, id DESC) s
WHERE o.id = s.oven_id;--> statement-breakpoint
DELETE FROM fleet_counts;--> statement-breakpoint
INSERT INTO fleet_counts (team_id, location_id, type, status, n)
SELECT team_id, coalesce(location_id, 0), type, fleet_status, count(*) FROM ovens
GROUP BY team_id, coalesce(location_id, 0), type, fleet_status;
