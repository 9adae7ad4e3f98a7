CREATE TABLE "activity_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"oven_type" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activity_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "user_activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_activity_months" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_activity_months_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE INDEX "activity_events_kind_day_idx" ON "activity_events" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- What happened before the report recorded activity, as far as the tables tell (days in UTC).
INSERT INTO "activity_events" ("kind", "day", "oven_type", "count")
  SELECT 'recipe_created', ("created_at" AT TIME ZONE 'UTC')::date, "oven_type", count(*)::int
  FROM "recipes" WHERE "created_by" IS NOT NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO "activity_events" ("kind", "day", "oven_type", "count")
  SELECT 'oven_created', ("created_at" AT TIME ZONE 'UTC')::date, "type", count(*)::int FROM "ovens" GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO "user_activity_days" ("day", "user_id", "hours")
  SELECT ("last_login_at" AT TIME ZONE 'UTC')::date, "id", 1 << extract(hour from "last_login_at" AT TIME ZONE 'UTC')::int
  FROM "users" WHERE "last_login_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "user_activity_months" ("month", "user_id")
  SELECT date_trunc('month', "last_login_at" AT TIME ZONE 'UTC')::date, "id" FROM "users" WHERE "last_login_at" IS NOT NULL;
