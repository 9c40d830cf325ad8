import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, valuationEvents } from '~/server/db/schema';
import { indicativePriceOf } from '~/shared/indicative-price';
import { toE164 } from '~/shared/phone';
import { valuationOptions, type ValuationCreated, type ValuationRequest } from '~/shared/valuation';
import { findIndicativeRange } from '../comparables';
import { newValuation, valuationReceived, type Outbox } from '../messages';
import { cachedMotReading } from '../vehicle-data';
import { issueSellerSecret } from './seller-secrets';
import { withFreshReference, type ReferenceDraw } from './valuation-reference';

export type CreateValuationDeps = {
  outbox: Outbox;
  /** Who gets the "new valuation" e-mail (STAFF_NOTIFY_EMAIL); none when empty. */
  staffNotifyEmails: readonly string[];
  clock: () => Date;
  /** Tests pass their own to make references clash. */
  newReference?: ReferenceDraw;
};

type OptionField = keyof typeof valuationOptions;
/** The label the form shows for a stored choice ("great" -> "Great Condition"). */
export function optionLabel<F extends OptionField>(field: F, value: (typeof valuationOptions)[F][number]['value']) {
  const found = (valuationOptions[field] as readonly { value: unknown; label: string }[]).find(
    (o) => o.value === value,
  );
  return found?.label ?? String(value);
}

/** The row for a new request, all but its reference. */
function storedRow(input: ValuationRequest, now: Date) {
  const { marketingConsent, ...answers } = input;
  return {
    ...answers,
    // Answers that only count with a "yes" are dropped with a "no" (the form hides them).
    cambeltDate: input.cambeltChanged === 'yes' ? input.cambeltDate : null,
    mechanicalDetails: input.mechanicalIssues === 'yes' ? input.mechanicalDetails : null,
    phoneE164: toE164(input.phone) ?? null,
    status: 'new' as const,
    // When they opted in (PECR: a record of consent); the contact box above is not consent.
    marketingConsentAt: marketingConsent ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Stores a valuation request (status new) with a fresh reference, its "created" event and its
 * indicative price (issue 34: found once, here, so the answer, the receipt, the seller's page and
 * staff all show the same figure), and queues the seller's receipt and the staff alert, all in
 * `tx`: they commit together or not at all.
 */
export async function createValuation(
  tx: Db,
  deps: CreateValuationDeps,
  input: ValuationRequest,
): Promise<ValuationCreated> {
  const now = deps.clock();
  const indicativePrice = await findIndicativeRange(tx, input, now);
  // The plausibility checks' last MOT reading, from the seller's own lookup if it kept one: never a
  // provider call here, inside the transaction (issue 37).
  const motReading = await cachedMotReading(tx, input.registration);
  const row = {
    ...storedRow(input, now),
    indicativeLowPence: indicativePrice?.lowPence ?? null,
    indicativeHighPence: indicativePrice?.highPence ?? null,
    indicativeOfferCount: indicativePrice?.count ?? null,
    motLastOdometerMiles: motReading?.miles ?? null,
    motLastTestOn: motReading?.testedOn ?? null,
  };
  const { id, reference } = await withFreshReference(async (drawn) => {
    // ON CONFLICT DO NOTHING, not a caught error: a failed statement would end the transaction.
    const [inserted] = await tx
      .insert(carValuations)
      .values({ ...row, reference: drawn })
      .onConflictDoNothing({ target: carValuations.reference })
      .returning({ id: carValuations.id, reference: carValuations.reference });
    return inserted;
  }, deps.newReference);
  await tx.insert(valuationEvents).values({ valuationId: id, type: 'created', data: {}, createdAt: now });
  // The seller's first secret: the success screen's upload token, and the link in the receipt.
  const secret = await issueSellerSecret(tx, id, now);

  const contactBy = input.contactPreference.map((value) => optionLabel('contactPreference', value));
  await deps.outbox.queueEmail(tx, {
    to: input.email,
    template: valuationReceived,
    data: {
      reference,
      firstName: input.firstName,
      registration: input.registration,
      make: input.make,
      model: input.model,
      contactBy,
      sellerSecret: secret,
      indicativePrice,
    },
    valuationId: id,
  });
  for (const to of deps.staffNotifyEmails) {
    await deps.outbox.queueEmail(tx, {
      to,
      template: newValuation,
      data: {
        id,
        reference,
        registration: input.registration,
        make: input.make,
        model: input.model,
        year: input.year,
        mileage: input.mileage,
        name: `${input.firstName} ${input.lastName}`,
        postcode: input.postcode,
        email: input.email,
        phone: input.phone,
        contactBy,
        condition: optionLabel('overallCondition', input.overallCondition),
        mechanicalIssues: optionLabel('mechanicalIssues', input.mechanicalIssues),
        outstandingFinance: optionLabel('outstandingFinance', input.outstandingFinance),
      },
      valuationId: id,
    });
  }
  return { id, reference, uploadToken: secret, indicativePrice };
}

/**
 * What a stored answer may lack, read from the row: its reference (answers stored before
 * references existed) and its indicative price (before issue 34); undefined when there is no such
 * valuation.
 */
export async function storedAnswerFields(
  db: Db,
  id: string,
): Promise<Pick<ValuationCreated, 'reference' | 'indicativePrice'> | undefined> {
  const [row] = await db
    .select({
      reference: carValuations.reference,
      indicativeLowPence: carValuations.indicativeLowPence,
      indicativeHighPence: carValuations.indicativeHighPence,
      indicativeOfferCount: carValuations.indicativeOfferCount,
    })
    .from(carValuations)
    .where(eq(carValuations.id, id));
  return row && { reference: row.reference, indicativePrice: indicativePriceOf(row) };
}
