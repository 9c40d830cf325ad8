import { z } from 'zod';

/**
 * The JSON body of every error the API sends. The browser reads it with
 * ./api-error-reader.ts, which has no zod and is typed by this schema and tested
 * against it, so the shape cannot drift between server and client.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  /** A stable code for the client to branch on, e.g. PASSWORD_CHANGE_REQUIRED. */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
