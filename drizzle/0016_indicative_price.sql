ALTER TABLE "car_valuations" ADD COLUMN "indicative_low_pence" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "indicative_high_pence" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "indicative_offer_count" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "make_key" varchar(100) GENERATED ALWAYS AS (upper(trim(make))) STORED;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "model_key" varchar(100) GENERATED ALWAYS AS (upper(trim(model))) STORED;--> statement-breakpoint
CREATE INDEX "car_valuations_comparables_idx" ON "car_valuations" USING btree ("make_key","model_key","overall_condition","year","mileage","id");