import { z } from 'zod';
import {
  documentKinds,
  documentMessages as m,
  documentStatuses,
  KEYS_MAX,
  type DocumentKind,
} from './document-checklist';
import { adminValuationMessages } from './admin-valuations';
import { storableCharacters } from './schema-kit';

/**
 * The route schemas of the seller's documents (issue 35). The seller's page: `GET
 * /api/your-valuation/documents`, `POST …/documents/{kind}` (one file), `PUT …/documents/keys`,
 * `GET …/documents/{documentId}/file`. Staff: the same list under `/api/admin/valuations/{id}/documents`,
 * each file, `POST …/{documentId}/verify`, `POST …/{documentId}/reject` and `POST …/documents/request`.
 * The words and rules are in ./document-checklist.ts (zod-free, for the seller's page).
 */

export * from './document-checklist';

export const REJECTION_REASON_MAX_LENGTH = 500;

export const documentKindParamsSchema = z.object({ kind: z.enum(documentKinds, { message: m.notNeeded }) });
export const documentParamsSchema = z.object({ documentId: z.uuid({ message: m.documentNotFound }) });
export const adminDocumentParamsSchema = z.object({
  id: z.uuid({ message: adminValuationMessages.invalidId }),
  documentId: z.uuid({ message: m.documentNotFound }),
});

/** `?size=preview` (a JPEG of the first page, the default) or `file` (the PDF or the image itself). */
export const documentFileQuerySchema = z.object({
  size: z.enum(['preview', 'file'], { message: 'Size must be preview or file.' }).default('preview'),
});

export const keysCountSchema = z.object({
  count: z
    .number({ message: m.keysRange })
    .int({ message: m.keysRange })
    .min(1, { message: m.keysRange })
    .max(KEYS_MAX, { message: m.keysRange }),
});

export const rejectDocumentSchema = z.object({
  reason: storableCharacters(z.string({ message: m.reasonRequired }).trim()).pipe(
    z.string().min(1, { message: m.reasonRequired }).max(REJECTION_REASON_MAX_LENGTH, { message: m.reasonTooLong }),
  ),
});

export const sellerDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(documentKinds),
  status: z.enum(documentStatuses),
  mediaType: z.enum(['application/pdf', 'image/jpeg']),
  sizeBytes: z.number().int(),
  pages: z.number().int(),
  /** Why staff could not accept it, while it is rejected. */
  rejectionReason: z.string().nullable(),
  uploadedAt: z.string(),
});
export type SellerDocument = z.infer<typeof sellerDocumentSchema>;

const checklistItemSchema = z.object({
  kind: z.enum(documentKinds),
  /** False for the service history: welcome, never what holds up "complete". */
  required: z.boolean(),
  document: sellerDocumentSchema.nullable(),
});

/** The checklist as the seller's page shows it. */
export const sellerDocumentsSchema = z.object({
  /** Whether we ask for documents now (an accepted offer, or staff asked early). */
  asked: z.boolean(),
  /** Whether the seller can still send or replace files and change the keys. */
  editable: z.boolean(),
  items: z.array(checklistItemSchema),
  keysCount: z.number().int().nullable(),
  /** When every needed document was checked; null until then. */
  completedAt: z.string().nullable(),
});
export type SellerDocuments = z.infer<typeof sellerDocumentsSchema>;

/** Staff's view adds who checked each document and when. */
export const adminDocumentSchema = sellerDocumentSchema.extend({
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminDocumentsSchema = sellerDocumentsSchema.extend({
  items: z.array(checklistItemSchema.extend({ document: adminDocumentSchema.nullable() })),
  /** When staff asked for the documents before an offer was accepted. */
  requestedAt: z.string().nullable(),
  /** Whether "Ask for documents" would do anything now (open, not yet asked, not yet accepted). */
  canRequest: z.boolean(),
});
export type AdminDocuments = z.infer<typeof adminDocumentsSchema>;

/** A short label of a file for lists: "PDF, 3 pages, 1.2 MB" or "Photo, 840 KB". */
export function describeDocumentFile(document: { mediaType: string; pages: number; sizeBytes: number }): string {
  const size =
    document.sizeBytes >= 1024 * 1024
      ? `${(document.sizeBytes / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(document.sizeBytes / 1024))} KB`;
  if (document.mediaType === 'application/pdf') {
    return `PDF, ${document.pages} ${document.pages === 1 ? 'page' : 'pages'}, ${size}`;
  }
  return `Photo, ${size}`;
}

export const documentFileName = (kind: DocumentKind, mediaType: string) =>
  `${kind.replace('_', '-')}.${mediaType === 'application/pdf' ? 'pdf' : 'jpg'}`;
