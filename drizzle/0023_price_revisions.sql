CREATE TABLE "deduction_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"min_pence" integer NOT NULL,
	"max_pence" integer NOT NULL,
	"evidence" varchar(300) NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "deduction_items_amounts" CHECK ("deduction_items"."min_pence" > 0 AND "deduction_items"."max_pence" >= "deduction_items"."min_pence")
);
--> statement-breakpoint
CREATE TABLE "price_revision_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_id" uuid NOT NULL,
	"deduction_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"evidence" varchar(300) NOT NULL,
	"quantity" smallint NOT NULL,
	"unit_pence" integer NOT NULL,
	"note" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "price_revision_items_quantity" CHECK ("price_revision_items"."quantity" BETWEEN 1 AND 50),
	CONSTRAINT "price_revision_items_amount" CHECK ("price_revision_items"."unit_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_revision_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"item_id" uuid,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"from_pence" integer NOT NULL,
	"to_pence" integer NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"proposed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer,
	"decline_reason" text,
	"client_address" varchar(64),
	"user_agent" varchar(512),
	CONSTRAINT "price_revisions_lowers" CHECK ("price_revisions"."to_pence" > 0 AND "price_revisions"."to_pence" < "price_revisions"."from_pence"),
	CONSTRAINT "price_revisions_status" CHECK ("price_revisions"."status" IN ('open', 'accepted', 'declined', 'lapsed', 'withdrawn')),
	CONSTRAINT "price_revisions_closed_when_closed" CHECK (("price_revisions"."status" = 'open') = ("price_revisions"."closed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "car_valuations" DROP CONSTRAINT "car_valuations_lost_reason";--> statement-breakpoint
ALTER TABLE "deduction_items" ADD CONSTRAINT "deduction_items_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revision_items" ADD CONSTRAINT "price_revision_items_revision_id_price_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."price_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revision_items" ADD CONSTRAINT "price_revision_items_deduction_id_deduction_items_id_fk" FOREIGN KEY ("deduction_id") REFERENCES "public"."deduction_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revision_photos" ADD CONSTRAINT "price_revision_photos_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revision_photos" ADD CONSTRAINT "price_revision_photos_item_id_price_revision_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."price_revision_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revision_photos" ADD CONSTRAINT "price_revision_photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revisions" ADD CONSTRAINT "price_revisions_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revisions" ADD CONSTRAINT "price_revisions_offer_id_valuation_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."valuation_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revisions" ADD CONSTRAINT "price_revisions_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_revisions" ADD CONSTRAINT "price_revisions_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deduction_items_in_use_position_idx" ON "deduction_items" USING btree ("position") WHERE "deduction_items"."retired_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deduction_items_in_use_name_key" ON "deduction_items" USING btree (lower("name")) WHERE "deduction_items"."retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "price_revision_items_revision_idx" ON "price_revision_items" USING btree ("revision_id","position");--> statement-breakpoint
CREATE INDEX "price_revision_items_deduction_idx" ON "price_revision_items" USING btree ("deduction_id");--> statement-breakpoint
CREATE INDEX "price_revision_photos_valuation_idx" ON "price_revision_photos" USING btree ("valuation_id","created_at");--> statement-breakpoint
CREATE INDEX "price_revision_photos_item_idx" ON "price_revision_photos" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "price_revisions_valuation_created_at_idx" ON "price_revisions" USING btree ("valuation_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "price_revisions_one_open_key" ON "price_revisions" USING btree ("valuation_id") WHERE "price_revisions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_lost_reason" CHECK ("car_valuations"."lost_reason" IS NULL OR "car_valuations"."lost_reason" IN ('declined', 'offer_expired', 'no_response', 'sold_elsewhere', 'withdrawn', 'not_buying', 'revision_declined'));