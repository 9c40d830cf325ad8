CREATE TABLE "valuation_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"is_archived" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"valuation_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "car_valuations_registration_trgm_idx";--> statement-breakpoint
DROP INDEX "car_valuations_vehicle_trgm_idx";--> statement-breakpoint
DROP INDEX "car_valuations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "car_valuations_email_trgm_idx";
