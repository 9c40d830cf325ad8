import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import type { DealerForwardResponse } from '~/shared/dealer-forward';
import { dealerForward, type Outbox } from '../messages';
import type { DealerReports } from './dealer-report';

export type ForwardToDealer = {
  valuationId: string;
  actorUserId: number;
  now: Date;
  dealerName: string;
  dealerEmail: string;
  message: string | null;
  senderName: string;
  includeContactDetails: boolean;
};

/**
 * Sends a valuation's report to another dealer (issue 11). The PDF is made first, outside the
 * transaction: it may wait seconds on DVLA and DVSA, and no row should stay locked meanwhile.
 * Then, in one transaction, the e-mail with the PDF attached is queued through the outbox and
 * the timeline gets `forwarded_to_dealer` with who sent it: both are written or neither.
 *
 * Archived valuations may be forwarded too: archiving tidies the dashboard, it does not close the
 * deal (staff may still want a trade price for a car they set aside). Only a deleted one is gone (404).
 */
export async function forwardToDealer(
  db: Db,
  outbox: Outbox,
  reports: DealerReports,
  forward: ForwardToDealer,
): Promise<DealerForwardResponse> {
  const { valuationId, includeContactDetails, dealerName, dealerEmail } = forward;
  const report = await reports.render(valuationId, { includeContactDetails });
  const { model } = report;
  return db.transaction(async (tx) => {
    // Locked, so a delete that started while the PDF was being made cannot leave an orphan message.
    const [row] = await tx
      .select({ id: carValuations.id })
      .from(carValuations)
      .where(eq(carValuations.id, valuationId))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
    const queued = await outbox.queueEmail(tx, {
      to: dealerEmail,
      template: dealerForward,
      data: {
        dealerName,
        senderName: forward.senderName,
        message: forward.message,
        registration: model.vehicle.registration,
        vehicle: model.vehicle.title,
        mileage: report.valuation.mileage,
        reference: model.reference,
        filename: report.filename,
        includeContactDetails,
      },
      valuationId,
      attachments: [{ filename: report.filename, contentType: 'application/pdf', content: report.pdf }],
    });
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'forwarded_to_dealer',
      data: { dealerName, dealerEmail, messageId: queued.id, includeContactDetails },
      actorUserId: forward.actorUserId,
      createdAt: forward.now,
    });
    return { messageId: queued.id, status: queued.status };
  });
}
