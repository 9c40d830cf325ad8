import { z } from 'zod';
import {
  emailInDocument,
  idParamsSchema,
  isStorable,
  kitMessages,
  optionalText,
  storableCharacters,
  text,
} from './schema-kit';

/**
 * Admin accounts: the request and response shapes of /api/auth and
 * /api/admin/users, with the exact messages the forms show (SPEC section 5).
 *
 * We depart from SPEC's 6-character minimum on purpose: passwords need at
 * least 12 characters, allow at least 128 (we allow 256), any Unicode and
 * spaces, with no composition rules (OWASP ASVS 5.0 section 6.2). Common
 * passwords are refused on the server, which holds the list.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;

export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid username or password',
  usernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username can only use letters, numbers, dots, hyphens and underscores',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmPasswordTooShort: `Confirm password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  newPasswordTooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  newPasswordTooLong: `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'New password must be different from your current password',
  passwordsDontMatch: "Passwords don't match",
  passwordTooCommon: 'This password is too common. Choose another.',
  passwordTooEasy: 'This password is too easy to guess. Try a longer phrase of unrelated words.',
  invalidEmail: 'Invalid email address',
  isAdmin: 'Admin must be true or false',
  nameTooLong: `Names must be at most ${NAME_MAX_LENGTH} characters`,
  usernameTaken: 'That username is already taken. Choose another.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeleteLastAdmin: 'You cannot delete the last admin account. Create another admin first.',
  cannotRemoveLastAdmin: 'You cannot remove admin rights from the last admin account.',
  cannotRemoveOwnAdmin: 'You cannot remove your own admin rights.',
  userNotFound: 'That user no longer exists.',
  signInRequired: 'Please sign in to continue.',
  adminRequired: 'You need an admin account to do that.',
  passwordChangeRequired: 'Please change your password before continuing.',
} as const;

/** Characters, not UTF-16 units: an emoji counts once. */
const characterCount = (value: string) => [...value].length;

/**
 * Any character a person can type, but not NUL or half an emoji (a lone surrogate): those cannot
 * be hashed faithfully (UTF-8 encoding replaces them, so two passwords would hash alike).
 */
const storablePassword = (message: string) =>
  z.string({ message }).refine(isStorable, { message: kitMessages.unsafeCharacters, abort: true });

function passwordField(tooShort: string, tooLong: string) {
  return storablePassword(tooShort)
    .refine((v) => characterCount(v) >= PASSWORD_MIN_LENGTH, tooShort)
    .refine((v) => characterCount(v) <= PASSWORD_MAX_LENGTH, tooLong)
    .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
}

const optionalEmail = storableCharacters(z.string({ message: authMessages.invalidEmail }).trim().toLowerCase())
  .max(EMAIL_MAX_LENGTH, authMessages.invalidEmail)
  .meta(emailInDocument(EMAIL_MAX_LENGTH))
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || z.email().safeParse(v).success, authMessages.invalidEmail);

export const usernameSchema = z
  .string({ message: authMessages.usernameTooShort })
  .trim()
  .min(USERNAME_MIN_LENGTH, authMessages.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, authMessages.usernameTooLong)
  .regex(/^[A-Za-z0-9._-]+$/, authMessages.usernameCharacters);

// --- Sign in ---------------------------------------------------------------

export const loginInputSchema = z.object({
  username: text({
    min: 1,
    required: authMessages.usernameRequired,
    max: USERNAME_MAX_LENGTH,
    tooLong: authMessages.invalidCredentials,
  }),
  // No length rules at sign-in beyond a sane cap: a wrong password is just wrong.
  password: storablePassword(authMessages.passwordRequired)
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH * 4, authMessages.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in user as the browser holds it (SPEC section 3, plus the forced-change flag). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

// --- Change password -------------------------------------------------------

export const changePasswordInputSchema = z.object({
  currentPassword: storablePassword(authMessages.currentPasswordRequired)
    .min(1, authMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH * 4, authMessages.currentPasswordWrong),
  newPassword: passwordField(authMessages.newPasswordTooShort, authMessages.newPasswordTooLong),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: passwordField(authMessages.confirmPasswordTooShort, authMessages.newPasswordTooLong) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatch,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

// --- Admin users -----------------------------------------------------------

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const profileFields = {
  firstName: optionalText({ max: NAME_MAX_LENGTH, tooLong: authMessages.nameTooLong }),
  lastName: optionalText({ max: NAME_MAX_LENGTH, tooLong: authMessages.nameTooLong }),
  email: optionalEmail,
};

/** POST /api/admin/users. The create form sends isAdmin true by default (SPEC section 3). */
export const createUserInputSchema = z.object({
  username: usernameSchema,
  password: passwordField(authMessages.passwordTooShort, authMessages.passwordTooLong),
  ...profileFields,
  isAdmin: z.boolean({ message: authMessages.isAdmin }).default(true),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const createUserFormSchema = createUserInputSchema
  .extend({ confirmPassword: passwordField(authMessages.confirmPasswordTooShort, authMessages.passwordTooLong) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatch,
  });
export type CreateUserForm = z.input<typeof createUserFormSchema>;

/** PATCH /api/admin/users/{id}: names, e-mail and the admin flag. The username never changes. */
export const updateUserInputSchema = z
  .object({ ...profileFields, isAdmin: z.boolean({ message: authMessages.isAdmin }) })
  .partial()
  .strict();
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** Ids are int4 identity columns: 1 to 2147483647, digits only. */
export const userIdParamsSchema = idParamsSchema;
