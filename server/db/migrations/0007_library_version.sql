CREATE TABLE "library_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "library_state" ("id", "version") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION "bump_library_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched boolean;
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    touched := EXISTS (SELECT 1 FROM new_rows WHERE owner_id IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := EXISTS (SELECT 1 FROM old_rows WHERE owner_id IS NULL);
  ELSE
    touched := EXISTS (SELECT 1 FROM old_rows WHERE owner_id IS NULL)
      OR EXISTS (SELECT 1 FROM new_rows WHERE owner_id IS NULL);
  END IF;
  IF touched THEN
    UPDATE "library_state" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "recipes_library_insert" AFTER INSERT ON "recipes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "recipes_library_update" AFTER UPDATE ON "recipes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();--> statement-breakpoint
CREATE TRIGGER "recipes_library_delete" AFTER DELETE ON "recipes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_library_version"();
