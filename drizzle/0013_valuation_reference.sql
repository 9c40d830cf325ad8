ALTER TABLE "car_valuations" ADD COLUMN "reference" varchar(11);--> statement-breakpoint
-- Written by hand (issue 31): drizzle-kit adds the column NOT NULL at once, which fails on a table
-- with rows. Every existing valuation gets its reference here, then the column becomes NOT NULL.
--
-- Unique by construction, without a retry loop: rows are numbered 1..n in id order (random UUIDs,
-- so the order says nothing about age), and n -> (n * 387420489 + 112358132) mod 28^6 is one-to-one
-- (387420489 = 3^18 shares no factor with 28^6 = 2^12 * 7^6). That number is written in base 28
-- with the alphabet of src/shared/valuation-reference.ts, as "CB-XXX-XXX". New valuations draw
-- theirs at random and draw again when one of these is taken.
UPDATE "car_valuations" AS "v"
SET "reference" = 'CB-'
  || substr(a, (x / 17210368 % 28)::int + 1, 1)
  || substr(a, (x / 614656 % 28)::int + 1, 1)
  || substr(a, (x / 21952 % 28)::int + 1, 1)
  || '-'
  || substr(a, (x / 784 % 28)::int + 1, 1)
  || substr(a, (x / 28 % 28)::int + 1, 1)
  || substr(a, (x % 28)::int + 1, 1)
FROM (
  SELECT "id",
    (row_number() OVER (ORDER BY "id") * 387420489 + 112358132) % 481890304 AS x,
    '2346789ABCDEFGHJKMNPQRTVWXYZ' AS a
  FROM "car_valuations"
) AS "numbered"
WHERE "v"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "car_valuations" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_reference_key" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "car_valuations" ADD CONSTRAINT "car_valuations_reference_format" CHECK ("car_valuations"."reference" ~ '^CB-[2346789ABCDEFGHJKMNPQRTVWXYZ]{3}-[2346789ABCDEFGHJKMNPQRTVWXYZ]{3}$');
