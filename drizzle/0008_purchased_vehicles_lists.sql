DROP INDEX "purchased_vehicles_visible_created_at_idx";--> statement-breakpoint
ALTER TABLE "purchased_vehicles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "purchased_vehicles_public_order_idx" ON "purchased_vehicles" USING btree ("purchase_date" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "purchased_vehicles"."is_visible";--> statement-breakpoint
CREATE INDEX "purchased_vehicles_created_at_id_idx" ON "purchased_vehicles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);