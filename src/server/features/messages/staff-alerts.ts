import type { Db } from '~/server/db/client';
import type { Outbox } from './outbox';
import { sellerActivity, type SellerActivityKind } from './templates/seller-side';

type Request = { id: string; reference: string; registration: string; make: string | null; model: string | null };

/**
 * Tells staff (each STAFF_NOTIFY_EMAIL address) what a seller did on their page, in the caller's
 * transaction: an answer to an offer, a message, a document to check. No address, no message.
 */
export async function alertStaff(
  tx: Db,
  outbox: Outbox,
  alert: { to: readonly string[]; valuation: Request; kind: SellerActivityKind; amountPence: number | null },
): Promise<void> {
  const { valuation } = alert;
  for (const to of alert.to) {
    await outbox.queueEmail(tx, {
      to,
      template: sellerActivity,
      data: {
        valuationId: valuation.id,
        reference: valuation.reference,
        registration: valuation.registration,
        make: valuation.make,
        model: valuation.model,
        kind: alert.kind,
        amountPence: alert.amountPence,
      },
      valuationId: valuation.id,
    });
  }
}
