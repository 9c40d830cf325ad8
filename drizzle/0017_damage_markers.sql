CREATE TABLE "valuation_damage_markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"panel" varchar(30) NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"kind" varchar(20) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_id" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuation_damage_markers_place" CHECK ("valuation_damage_markers"."x" BETWEEN 0 AND 1 AND "valuation_damage_markers"."y" BETWEEN 0 AND 1),
	CONSTRAINT "valuation_damage_markers_kind" CHECK ("valuation_damage_markers"."kind" IN ('wheel', 'windscreen', 'dent', 'scratch', 'other'))
);
--> statement-breakpoint
ALTER TABLE "valuation_damage_markers" ADD CONSTRAINT "valuation_damage_markers_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "valuation_damage_markers_valuation_created_at_idx" ON "valuation_damage_markers" USING btree ("valuation_id","created_at");