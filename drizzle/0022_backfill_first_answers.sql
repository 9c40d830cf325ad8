-- Issue 37: requests made before the 24-hour promise was tracked get their first answer from what
-- their history shows: the first offer sent, or the first move out of "new" (a contact, before
-- contacts were logged). Nothing else is guessed; the alerts are marked as sent for every request
-- already past its 24 hours, so no one is e-mailed about old requests when this lands.
UPDATE "car_valuations" AS v SET "first_answered_at" = answered.at
FROM (
  SELECT e."valuation_id", min(e."created_at") AS at
  FROM "valuation_events" e
  WHERE e."type" = 'offer_sent' OR (e."type" = 'status_changed' AND e."data"->>'from' = 'new')
  GROUP BY e."valuation_id"
) AS answered
WHERE answered."valuation_id" = v."id" AND v."first_answered_at" IS NULL;
--> statement-breakpoint
UPDATE "car_valuations" SET "first_answered_at" = o.at
FROM (SELECT "valuation_id", min("created_at") AS at FROM "valuation_offers" GROUP BY "valuation_id") AS o
WHERE o."valuation_id" = "car_valuations"."id"
  AND ("car_valuations"."first_answered_at" IS NULL OR o.at < "car_valuations"."first_answered_at");
--> statement-breakpoint
UPDATE "car_valuations" SET "promise_warning_sent_at" = now(), "promise_breach_sent_at" = now()
WHERE "first_answered_at" IS NULL AND "created_at" < now() - interval '24 hours';
