DROP INDEX "car_valuations_archived_created_at_idx";--> statement-breakpoint
DROP INDEX "car_valuations_archived_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "car_valuations_archived_created_at_id_idx" ON "car_valuations" USING btree ("is_archived","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "car_valuations_archived_status_created_at_id_idx" ON "car_valuations" USING btree ("is_archived","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);