CREATE TABLE "pdf_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_events" (
	"recipe_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"seconds" integer NOT NULL,
	CONSTRAINT "recipe_events_recipe_id_position_pk" PRIMARY KEY("recipe_id","position")
);
--> statement-breakpoint
CREATE TABLE "recipe_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_stages" (
	"recipe_id" integer NOT NULL,
	"order" integer NOT NULL,
	"hours" text NOT NULL,
	"minutes" text NOT NULL,
	"seconds" text NOT NULL,
	"temp" integer NOT NULL,
	"percent_air_top" integer NOT NULL,
	"percent_air_bottom" integer NOT NULL,
	"blower_percent" integer NOT NULL,
	"microwave_percent" integer NOT NULL,
	"ir_lvl_top" text NOT NULL,
	"ir_lvl_bottom" text NOT NULL,
	"force_vent_open" boolean NOT NULL,
	CONSTRAINT "recipe_stages_recipe_id_order_pk" PRIMARY KEY("recipe_id","order")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer,
	"created_by" integer,
	"name" text NOT NULL,
	"product_name" text NOT NULL,
	"oven_type" text NOT NULL,
	"set_temp" integer NOT NULL,
	"category" text NOT NULL,
	"starting_state" text,
	"dish_type" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"weight" text DEFAULT '' NOT NULL,
	"quantity" text DEFAULT '' NOT NULL,
	"ingredients" text DEFAULT '' NOT NULL,
	"outcome_attributes" text DEFAULT '' NOT NULL,
	"procedure" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pdf_jobs" ADD CONSTRAINT "pdf_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_events" ADD CONSTRAINT "recipe_events_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_stages" ADD CONSTRAINT "recipe_stages_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_image_id_recipe_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."recipe_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipes_owner_name_idx" ON "recipes" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE INDEX "recipes_owner_type_category_idx" ON "recipes" USING btree ("owner_id","oven_type","category");--> statement-breakpoint
CREATE INDEX "recipes_name_trgm_idx" ON "recipes" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipes_created_at_idx" ON "recipes" USING btree ("created_at");