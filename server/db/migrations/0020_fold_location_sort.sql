-- The fleet sorts by location the way locations list: by the folded name, so "São Paulo" comes among the S's.
CREATE OR REPLACE FUNCTION "oven_location_sort"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.location_sort := (SELECT search_fold(name) FROM locations WHERE id = NEW.location_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "location_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ovens SET location_sort = search_fold(NEW.name) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE ovens o SET location_sort = (SELECT search_fold(l.name) FROM locations l WHERE l.id = o.location_id)
  WHERE o.location_id IS NOT NULL;
