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
