CREATE TYPE "public"."valuation_status" AS ENUM('new', 'contacted', 'completed');--> statement-breakpoint
CREATE TABLE "call_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"call_sid" varchar(64) NOT NULL,
	"from_number" varchar(30),
	"to_number" varchar(30),
	"status" varchar(20),
	"direction" varchar(20),
	"duration" integer,
	"recording_url" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"customer_name" varchar(200),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_logs_call_sid_key" UNIQUE("call_sid")
);
--> statement-breakpoint
CREATE TABLE "car_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration" varchar(10) NOT NULL,
	"mileage" integer NOT NULL,
	"make" varchar(100),
	"model" varchar(100),
	"year" integer,
	"fuel_type" varchar(50),
	"engine_size" varchar(20),
	"color" varchar(50),
	"mot_status" varchar(50),
	"mot_expiry_date" date,
	"tax_status" varchar(50),
	"tax_due_date" date,
	"co2_emissions" integer,
	"date_of_last_v5c_issued" date,
	"marked_for_export" boolean,
	"overall_condition" varchar(50),
	"scuffed_wheels" smallint,
	"tyres_need_replacing" smallint,
	"cambelt_changed" varchar(50),
	"cambelt_date" text,
	"service_history" varchar(50),
	"mechanical_issues" varchar(50),
	"mechanical_details" text,
	"outstanding_finance" varchar(50),
	"finance_amount_pence" integer,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"postcode" varchar(8) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"phone_e164" varchar(16),
	"contact_preference" text[] DEFAULT '{}'::text[] NOT NULL,
	"agree_to_contact" boolean NOT NULL,
	"photo_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "valuation_status" DEFAULT 'new' NOT NULL,
	"upload_token_hash" text,
	"first_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "car_valuations_registration_normalised" CHECK ("car_valuations"."registration" = upper("car_valuations"."registration") AND "car_valuations"."registration" !~ '\s'),
	CONSTRAINT "car_valuations_mileage_non_negative" CHECK ("car_valuations"."mileage" >= 0),
	CONSTRAINT "car_valuations_scuffed_wheels_range" CHECK ("car_valuations"."scuffed_wheels" BETWEEN -1 AND 4),
	CONSTRAINT "car_valuations_tyres_range" CHECK ("car_valuations"."tyres_need_replacing" BETWEEN -1 AND 4),
	CONSTRAINT "car_valuations_finance_non_negative" CHECK ("car_valuations"."finance_amount_pence" >= 0),
	CONSTRAINT "car_valuations_contact_preference_values" CHECK ("car_valuations"."contact_preference" <@ ARRAY['call', 'text', 'whatsapp']::text[]),
	CONSTRAINT "car_valuations_upload_token_hash_hex" CHECK ("car_valuations"."upload_token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "customer_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"rating" smallint NOT NULL,
	"review_title" varchar(255) NOT NULL,
	"review_text" text NOT NULL,
	"location" varchar(255),
	"vehicle_sold" varchar(255),
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"rejected_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"admin_notes" text,
	CONSTRAINT "customer_reviews_rating_range" CHECK ("customer_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(50) NOT NULL,
	"ip" varchar(45) NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchased_vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchased_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"make" varchar(100) NOT NULL,
	"model" varchar(100) NOT NULL,
	"year" integer NOT NULL,
	"registration" varchar(20),
	"fuel_type" varchar(50),
	"engine_size" varchar(20),
	"color" varchar(50),
	"mileage" integer,
	"purchase_price_pence" integer,
	"location" varchar(100),
	"description" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"purchase_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"photo_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "purchased_vehicles_registration_upper" CHECK ("purchased_vehicles"."registration" = upper("purchased_vehicles"."registration")),
	CONSTRAINT "purchased_vehicles_price_non_negative" CHECK ("purchased_vehicles"."purchase_price_pence" >= 0),
	CONSTRAINT "purchased_vehicles_mileage_non_negative" CHECK ("purchased_vehicles"."mileage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(255) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp (6) with time zone NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"email" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "valuation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"valuation_id" uuid NOT NULL,
	"type" varchar(40) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_analytics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_analytics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip_address" varchar(45),
	"visitor_hash" varchar(64),
	"user_agent" text,
	"page_path" varchar(2048) NOT NULL,
	"referrer" text,
	"country" varchar(2),
	"city" varchar(100),
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_events" ADD CONSTRAINT "valuation_events_valuation_id_car_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."car_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_events" ADD CONSTRAINT "valuation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_created_at_idx" ON "call_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "car_valuations_created_at_idx" ON "car_valuations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "car_valuations_archived_created_at_idx" ON "car_valuations" USING btree ("is_archived","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "car_valuations_status_idx" ON "car_valuations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "car_valuations_registration_idx" ON "car_valuations" USING btree ("registration");--> statement-breakpoint
CREATE INDEX "car_valuations_registration_trgm_idx" ON "car_valuations" USING gin (lower("registration") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_valuations_vehicle_trgm_idx" ON "car_valuations" USING gin (lower(coalesce("make", '') || ' ' || coalesce("model", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_valuations_name_trgm_idx" ON "car_valuations" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_valuations_email_trgm_idx" ON "car_valuations" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_reviews_pending_idx" ON "customer_reviews" USING btree ("is_approved","rejected_at","submitted_at");--> statement-breakpoint
CREATE INDEX "customer_reviews_published_idx" ON "customer_reviews" USING btree ("is_published","is_approved","submitted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "login_attempts_username_attempted_at_idx" ON "login_attempts" USING btree ("username","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_attempted_at_idx" ON "login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "purchased_vehicles_visible_created_at_idx" ON "purchased_vehicles" USING btree ("is_visible","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "valuation_events_valuation_created_at_idx" ON "valuation_events" USING btree ("valuation_id","created_at");--> statement-breakpoint
CREATE INDEX "visitor_analytics_visited_at_idx" ON "visitor_analytics" USING btree ("visited_at");--> statement-breakpoint
CREATE INDEX "visitor_analytics_page_path_visited_at_idx" ON "visitor_analytics" USING btree ("page_path","visited_at");