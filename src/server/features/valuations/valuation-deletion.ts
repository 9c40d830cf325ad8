import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  outboundMessages,
  priceRevisionPhotos,
  valuationDocuments,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import type { ValuationDeletionSummary } from '~/shared/admin-valuations';
import type { FileStore } from '~/server/storage/file-store';
import { removePhotoFiles } from './photos';

/** A seller's document (issue 35) as the file store holds it: the file and its preview. */
export type DocumentFileKeys = { fileKey: string; previewKey: string };

/** The private files deleted valuations leave behind, to remove once their rows are gone. */
export type ValuationFiles = { photoPaths: string[]; attachmentKeys: string[]; documents: DocumentFileKeys[] };

/**
 * Deletes valuations in `tx`: their events, offers, messages and documents go with them (ON DELETE
 * CASCADE).
 * Returns their files, which the caller removes after the commit (removeValuationFiles): a
 * rolled-back deletion must not have taken the photos, and a failed removal leaves an orphan
 * file, never a row pointing at a missing one. Used by staff's delete, retention and erasure.
 */
export async function deleteValuationRows(tx: Db, ids: readonly string[]): Promise<ValuationFiles & { count: number }> {
  if (ids.length === 0) return { photoPaths: [], attachmentKeys: [], documents: [], count: 0 };
  const messages = await tx
    .select({ attachments: outboundMessages.attachments })
    .from(outboundMessages)
    .where(inArray(outboundMessages.valuationId, [...ids]));
  // The seller's documents (issue 35): the cascade takes their rows, not their files.
  const documents = await tx
    .select({ fileKey: valuationDocuments.fileKey, previewKey: valuationDocuments.previewKey })
    .from(valuationDocuments)
    .where(inArray(valuationDocuments.valuationId, [...ids]));
  // Staff's photos of a price revision (issue 37): private files like the documents, removed the same way.
  const revisionPhotos = await tx
    .select({ fileKey: priceRevisionPhotos.fileKey, previewKey: priceRevisionPhotos.thumbKey })
    .from(priceRevisionPhotos)
    .where(inArray(priceRevisionPhotos.valuationId, [...ids]));
  const deleted = await tx
    .delete(carValuations)
    .where(inArray(carValuations.id, [...ids]))
    .returning({ photoPaths: carValuations.photoPaths });
  return {
    count: deleted.length,
    // Dealer reports carry the vehicle and maybe the seller's details.
    attachmentKeys: messages.flatMap((message) => message.attachments.map((a) => a.storageKey)),
    photoPaths: deleted.flatMap((row) => row.photoPaths),
    documents: [...documents, ...revisionPhotos],
  };
}

/** The tables whose rows go with a valuation (ON DELETE CASCADE). */
type CascadedTable =
  | typeof valuationEvents
  | typeof valuationOffers
  | typeof outboundMessages
  | typeof valuationDocuments
  | typeof priceRevisionPhotos;

/**
 * `what` (an aggregate) over the rows of `table` that belong to the valuation row being read, and
 * meet `also` when given: a whole number, 0 for none.
 */
function ofValuation(what: SQL, table: CascadedTable, also?: SQL) {
  const belongs = sql`${table.valuationId} = ${carValuations.id}`;
  const where = also ? sql`${belongs} and ${also}` : belongs;
  return sql<number>`coalesce((select ${what} from ${table} where ${where}), 0)::int`;
}

/**
 * What deleteValuationRows would take with one valuation, counted for staff before they confirm:
 * every row the cascade removes (events, offers, messages, documents) and every file (photos,
 * the seller's and staff's of a price revision; documents; attachments).
 * Undefined when there is no such valuation.
 */
export async function countValuationDeletion(db: Db, id: string): Promise<ValuationDeletionSummary | undefined> {
  const rows = sql`count(*)`;
  const [summary] = await db
    .select({
      photos: sql<number>`cardinality(${carValuations.photoPaths}) + ${ofValuation(rows, priceRevisionPhotos)}`,
      documents: ofValuation(rows, valuationDocuments),
      timelineEvents: ofValuation(rows, valuationEvents),
      offers: ofValuation(rows, valuationOffers),
      emails: ofValuation(rows, outboundMessages, sql`${outboundMessages.channel} = 'email'`),
      textMessages: ofValuation(rows, outboundMessages, sql`${outboundMessages.channel} = 'sms'`),
      attachments: ofValuation(sql`sum(jsonb_array_length(${outboundMessages.attachments}))`, outboundMessages),
    })
    .from(carValuations)
    .where(eq(carValuations.id, id));
  return summary;
}

/**
 * Removes what deleteValuationRows returned: every photo (full size and thumbnail), attachment and
 * document (file and preview). The documents' removal is documents' removeDocumentFiles, written
 * here because that feature depends on this one (importing it would make a cycle).
 */
export async function removeValuationFiles(files: FileStore, stored: ValuationFiles): Promise<void> {
  await removePhotoFiles(files, stored.photoPaths);
  for (const key of stored.attachmentKeys) await files.remove(key);
  for (const document of stored.documents) {
    await files.remove(document.fileKey);
    await files.remove(document.previewKey);
  }
}
