import type { ApiErrorBody } from './api-error';
import { array, object, optional, reader, string } from './json-reader';

type Issue = NonNullable<ApiErrorBody['issues']>[number];

/**
 * An error answer's body as ./api-error.ts's schema outputs it, or undefined when that schema
 * refuses it; without zod, for the browser (./json-reader.ts). The schema is the definition.
 */
export const readApiErrorBody = reader(
  object<ApiErrorBody>({
    message: string,
    code: optional(string),
    issues: optional(array(object<Issue>({ path: string, message: string }))),
    requestId: optional(string),
  }),
);
