import { inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, outboundMessages } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import { removePhotoFiles } from './photos';

/** The private files deleted valuations leave behind, to remove once their rows are gone. */
export type ValuationFiles = { photoPaths: string[]; attachmentKeys: string[] };

/**
 * Deletes valuations in `tx`: their events, offers and messages go with them (ON DELETE CASCADE).
 * Returns their files, which the caller removes after the commit (removeValuationFiles): a
 * rolled-back deletion must not have taken the photos, and a failed removal leaves an orphan
 * file, never a row pointing at a missing one. Used by staff's delete, retention and erasure.
 */
export async function deleteValuationRows(tx: Db, ids: readonly string[]): Promise<ValuationFiles & { count: number }> {
  if (ids.length === 0) return { photoPaths: [], attachmentKeys: [], count: 0 };
  const messages = await tx
    .select({ attachments: outboundMessages.attachments })
    .from(outboundMessages)
    .where(inArray(outboundMessages.valuationId, [...ids]));
  const deleted = await tx
    .delete(carValuations)
    .where(inArray(carValuations.id, [...ids]))
    .returning({ photoPaths: carValuations.photoPaths });
  return {
    count: deleted.length,
    // Dealer reports carry the vehicle and maybe the seller's details.
    attachmentKeys: messages.flatMap((message) => message.attachments.map((a) => a.storageKey)),
    photoPaths: deleted.flatMap((row) => row.photoPaths),
  };
}

/** Removes what deleteValuationRows returned: every photo (full size and thumbnail) and attachment. */
export async function removeValuationFiles(files: FileStore, stored: ValuationFiles): Promise<void> {
  await removePhotoFiles(files, stored.photoPaths);
  for (const key of stored.attachmentKeys) await files.remove(key);
}
