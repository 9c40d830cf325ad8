import { z } from 'zod';

/**
 * Answers that are not JSON, as route schemas declare them so the API document gives their real
 * content types (issue 32). Fastify leaves a Buffer, a stream or a string with its own type as it
 * is, so these schemas only describe; the route's handler sets the Content-Type.
 */

/** Bytes of a file: an image, a PDF, audio, a ZIP. */
export const binarySchema = z.any().meta({ type: 'string', format: 'binary' });

/** A file answer of one of these content types. */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binarySchema }])) };
}

/** A text answer (HTML, TwiML) of this content type. */
export function textAnswer(description: string, mediaType: string, schema: z.ZodType = z.string()) {
  return { description, content: { [mediaType]: { schema } } };
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A multipart form's repeated file field: how many files, how large each, the request in all. */
export function filesField(what: string, limits: { maxFiles: number; maxFileBytes: number; maxRequestBytes: number }) {
  return z
    .array(binarySchema)
    .max(limits.maxFiles)
    .describe(
      `${what}: up to ${limits.maxFiles} files of at most ${megabytes(limits.maxFileBytes)} each, ` +
        `the request at most ${megabytes(limits.maxRequestBytes)} (413 past either).`,
    );
}
