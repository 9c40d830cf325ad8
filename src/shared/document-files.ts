/**
 * The files a seller may upload as a document (V5C logbook, driving licence, service history,
 * finance settlement letter), and the words for each refusal. Imported by the browser (the upload
 * form checks size and offers only these types) and by the server (server/media/uploaded-document.ts
 * decides by content, whatever the browser said).
 */

/** Largest file accepted, in bytes: a phone scan or a lender's letter is well under this. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** For the file input's `accept`: a hint to the picker only, never trusted. */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png';

const notAccepted = 'Please upload a PDF, JPEG or PNG file.';

export const documentFileMessages = {
  notAccepted,
  /** The same words, under the name server/media/uploaded-image.ts asks for. */
  notAnImage: notAccepted,
  empty: 'The file is empty. Please choose the file again.',
  tooLarge: 'Each file must be 10 MB or smaller.',
  damaged:
    'We could not read this PDF: it looks damaged. Please save or scan it again, or send a photo of the document instead.',
  encrypted: 'This PDF is protected by a password. Please send a copy without a password, or a photo of the document.',
  activeContent:
    'This PDF contains scripts, automatic actions or attached files, which we cannot accept. Please print it to a new PDF, or send a photo of the document.',
  tooManyPages: 'This PDF has more than 50 pages. Please send only the pages we need.',
  tooManyPixels: 'This image is too large for us to open. Please send a smaller photo or scan.',
  unreadable: 'We could not read this image. Please take the photo again.',
  busy: 'We are checking a lot of documents just now. Please try again in a minute.',
} as const;
