CREATE TABLE "collection_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valuation_id" uuid NOT NULL,
	"date" date NOT NULL,
	"slot" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'booked' NOT NULL,
	"distance_band" varchar(20),
	"booked_by" varchar(10) NOT NULL,
	"reminder_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "collection_bookings_slot" CHECK ("collection_bookings"."slot" IN ('morning', 'afternoon')),
	CONSTRAINT "collection_bookings_status" CHECK ("collection_bookings"."status" IN ('booked', 'moved', 'cancelled', 'collected'))
);
--> statement-breakpoint
CREATE TABLE "collection_days" (
	"date" date PRIMARY KEY NOT NULL,
	"morning_capacity" smallint NOT NULL,
	"afternoon_capacity" smallint NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "collection_days_capacity" CHECK ("collection_days"."morning_capacity" BETWEEN 0 AND 50 AND "collection_days"."afternoon_capacity" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE TABLE "collection_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"morning_capacity" smallint NOT NULL,
	"afternoon_capacity" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "collection_settings_one_row" CHECK ("collection_settings"."id" = 1),
	CONSTRAINT "collection_settings_capacity" CHECK ("collection_settings"."morning_capacity" BETWEEN 0 AND 50 AND "collection_settings"."afternoon_capacity" BETWEEN 0 AND 50)
);
--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "finance_lender" varchar(100);--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "settlement_pence" integer;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "settlement_valid_until" date;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "finance_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD COLUMN "finance_confirmed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "collection_bookings" ADD CONSTRAINT "collection_bookings_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_days" ADD CONSTRAINT "collection_days_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_settings" ADD CONSTRAINT "collection_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_bookings_one_booked_key" ON "collection_bookings" USING btree ("valuation_id") WHERE "collection_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "collection_bookings_booked_date_slot_idx" ON "collection_bookings" USING btree ("date","slot") WHERE "collection_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "collection_bookings_valuation_idx" ON "collection_bookings" USING btree ("valuation_id","created_at");--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_finance_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("finance_confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_settlement_non_negative" CHECK ("car_valuations"."settlement_pence" >= 0);