import { z } from 'zod';
import { hasControlCharacters } from './schema-kit';
import {
  REGISTRATION_MAX_LENGTH,
  REGISTRATION_PATTERN,
  registrationMessages,
  storageRegistration,
} from './registration';

/**
 * A registration field (SPEC section 5: required, at most 10 characters, "Registration is
 * required"). Accepts what the seller typed, spaces and lower case included, and outputs the
 * storage form ("ab12 cde" -> "AB12CDE"). Control characters and the like fail the pattern.
 */
export const registrationSchema = z
  .string({ message: registrationMessages.required })
  // Refused, not taken for spaces (a vertical tab is one) and dropped with them.
  .refine((v) => !hasControlCharacters(v), { message: registrationMessages.characters, abort: true })
  .transform(storageRegistration)
  .pipe(
    z
      .string()
      .min(1, registrationMessages.required)
      .max(REGISTRATION_MAX_LENGTH, registrationMessages.tooLong)
      .regex(REGISTRATION_PATTERN, registrationMessages.characters),
  )
  // What the API document says (issue 32): the checks above are on the storage form, after a pipe.
  .meta({
    pattern: '^[A-Za-z0-9]+$',
    minLength: 1,
    maxLength: REGISTRATION_MAX_LENGTH,
    description: `Letters and digits, at most ${REGISTRATION_MAX_LENGTH} (spaces are also taken, and dropped).`,
  });
