-- Written by hand (issue 34; DESIGN section 9): the valuation lifecycle's stages. drizzle-kit adds
-- the new values with ALTER TYPE ... ADD VALUE, which PostgreSQL will not let this same transaction
-- use (the check below and the mapping need 'lost' and 'offer_made'); so the type is made afresh
-- with every stage, in order, and the column moved onto it (its indexes are rebuilt with it).
ALTER TYPE "public"."valuation_status" RENAME TO "valuation_status_before_lifecycle";--> statement-breakpoint
CREATE TYPE "public"."valuation_status" AS ENUM('new', 'contacted', 'offer_made', 'offer_accepted', 'collection_booked', 'collected', 'completed', 'lost');--> statement-breakpoint
ALTER TABLE "car_valuations" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "car_valuations" ALTER COLUMN "status" SET DATA TYPE "public"."valuation_status" USING "status"::text::"public"."valuation_status";--> statement-breakpoint
ALTER TABLE "car_valuations" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
DROP TYPE "public"."valuation_status_before_lifecycle";--> statement-breakpoint
-- Today's stages mapped: sending an offer made a new request "contacted"; with an offer on record
-- it is now "offer_made". New and completed keep their meaning.
UPDATE "car_valuations" SET "status" = 'offer_made'
WHERE "status" = 'contacted'
  AND EXISTS (SELECT 1 FROM "valuation_offers" WHERE "valuation_offers"."valuation_id" = "car_valuations"."id");--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "lost_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_lost_reason" CHECK ("car_valuations"."lost_reason" IS NULL OR "car_valuations"."lost_reason" IN ('declined', 'offer_expired', 'no_response', 'sold_elsewhere', 'withdrawn', 'not_buying'));--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_lost_has_reason" CHECK (("car_valuations"."status" = 'lost') = ("car_valuations"."lost_reason" IS NOT NULL));
