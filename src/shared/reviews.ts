import { z } from 'zod';
import {
  emailInDocument,
  intFromString,
  optionalText,
  paginatedSchema,
  paginationQuery,
  storableCharacters,
  text,
} from './schema-kit';
import type { PlainFormState } from './form-state';
import { groupDigits } from './group-digits';
import { PUBLIC_REVIEWS_REACH } from './review-basics';

export * from './review-basics';

/**
 * Customer reviews (issue 12; SPEC sections 3, 5, 7 and 8): the public list and form
 * (`GET /api/reviews`, `POST /api/reviews`) and staff's moderation (`GET /api/admin/reviews`,
 * `PATCH /api/admin/reviews/:id/approve|reject|publish|unpublish`).
 */

export const REVIEW_NAME_MIN_LENGTH = 2;
export const REVIEW_NAME_MAX_LENGTH = 100;
export const REVIEW_EMAIL_MAX_LENGTH = 255;
export const REVIEW_TITLE_MIN_LENGTH = 5;
export const REVIEW_TITLE_MAX_LENGTH = 100;
export const REVIEW_TEXT_MAX_LENGTH = 1000;
export const REVIEW_PLACE_MAX_LENGTH = 100;
export const REVIEW_NOTES_MAX_LENGTH = 2000;

export const reviewMessages = {
  /** SPEC section 5, the review form. */
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  emailInvalid: 'Please enter a valid email address',
  ratingRequired: 'Please select a rating',
  ratingTooHigh: 'Rating cannot exceed 5 stars',
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  textRequired: 'Please enter your review',
  textTooLong: 'Review must be less than 1000 characters',
  locationTooLong: 'Location must be less than 100 characters',
  vehicleTooLong: 'Vehicle details must be less than 100 characters',
  notesRequired: 'Admin notes required for rejection',
  notesTooLong: `Admin notes must be at most ${groupDigits(REVIEW_NOTES_MAX_LENGTH)} characters`,
  /** SPEC section 8: the public form's notices. */
  submitted: 'Review submitted!',
  submittedDetail: 'Thank you for your review. It will appear after approval.',
  submitFailed: 'Submission failed',
  submitFailedDetail: 'Please check your details and try again.',
  /** SPEC section 8: staff's toasts. */
  approved: 'Review approved successfully',
  rejected: 'Review rejected successfully',
  published: 'Review published successfully',
  unpublished: 'Review unpublished successfully',
  approveFailed: 'Failed to approve review',
  rejectFailed: 'Failed to reject review',
  publishFailed: 'Failed to publish review',
  unpublishFailed: 'Failed to unpublish review',
  /** Refused transitions (409) and lookups. */
  notFound: 'Review not found',
  alreadyApproved: 'This review is already approved.',
  alreadyRejected: 'This review was rejected, so it cannot be approved, rejected again or published.',
  notApproved: 'Only an approved review can be published. Approve it first.',
  alreadyPublished: 'This review is already published.',
  notPublished: 'This review is not published, so there is nothing to unpublish.',
  publishedReject: 'This review is approved; unpublish it instead of rejecting it.',
} as const;

/** The review form's fields a person fills in (the honeypot aside), in the form's order. */
export const REVIEW_FIELDS = [
  'rating',
  'customerName',
  'email',
  'reviewTitle',
  'reviewText',
  'location',
  'vehicleSold',
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
/** The form as the server sends it back after a post without JavaScript that it did not accept. */
export type ReviewFormState = PlainFormState<ReviewField>;

/** SPEC section 5: the star choices and their words, best first (5 is the default). */
export const ratingChoices = [
  { value: 5, label: 'Excellent' },
  { value: 4, label: 'Very Good' },
  { value: 3, label: 'Good' },
  { value: 2, label: 'Fair' },
  { value: 1, label: 'Poor' },
] as const;
export const DEFAULT_RATING = 5;

const reviewEmail = storableCharacters(z.string({ message: reviewMessages.emailInvalid }).trim().toLowerCase())
  .refine((v) => v.length > 0 && v.length <= REVIEW_EMAIL_MAX_LENGTH, {
    message: reviewMessages.emailInvalid,
    abort: true,
  })
  .refine((v) => z.email().safeParse(v).success, reviewMessages.emailInvalid)
  .meta(emailInDocument(REVIEW_EMAIL_MAX_LENGTH));

/**
 * `POST /api/reviews`, and the form's own checks. `website` is a honeypot: hidden from people (and
 * from screen readers), filled in by simple bots; the server answers as if it stored the review
 * and stores nothing.
 */
export const reviewSubmissionSchema = z.object({
  customerName: text({
    min: REVIEW_NAME_MIN_LENGTH,
    max: REVIEW_NAME_MAX_LENGTH,
    tooShort: reviewMessages.nameTooShort,
    tooLong: reviewMessages.nameTooLong,
  }),
  email: reviewEmail,
  rating: z
    .number({ message: reviewMessages.ratingRequired })
    .int(reviewMessages.ratingRequired)
    .min(1, reviewMessages.ratingRequired)
    .max(5, reviewMessages.ratingTooHigh),
  reviewTitle: text({
    min: REVIEW_TITLE_MIN_LENGTH,
    max: REVIEW_TITLE_MAX_LENGTH,
    tooShort: reviewMessages.titleTooShort,
    tooLong: reviewMessages.titleTooLong,
  }),
  reviewText: text({
    min: 1,
    max: REVIEW_TEXT_MAX_LENGTH,
    tooShort: reviewMessages.textRequired,
    tooLong: reviewMessages.textTooLong,
    multiline: true,
  }),
  location: optionalText({ max: REVIEW_PLACE_MAX_LENGTH, tooLong: reviewMessages.locationTooLong }),
  vehicleSold: optionalText({ max: REVIEW_PLACE_MAX_LENGTH, tooLong: reviewMessages.vehicleTooLong }),
  /** The honeypot (see above): people leave it empty. */
  // Hidden from people, so its refusals use the form's general words.
  website: storableCharacters(z.string({ message: reviewMessages.submitFailedDetail }))
    .refine((v) => v.length <= 500, reviewMessages.submitFailedDetail)
    .optional(),
});
/**
 * The form's own fields as a browser has them: radios give the rating as a string, read as a
 * number before the shared checks (and their messages). The form the reviews page opens in place
 * and the plain post without JavaScript both check with it.
 */
export const reviewFormSchema = reviewSubmissionSchema.extend({
  rating: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
    reviewSubmissionSchema.shape.rating,
  ),
});

export type ReviewSubmission = z.input<typeof reviewSubmissionSchema>;

/** `POST /api/reviews` answers 201 with this (also when the honeypot caught a bot). */
export const reviewSubmittedSchema = z.object({ ok: z.literal(true) });
export type ReviewSubmitted = z.infer<typeof reviewSubmittedSchema>;

/** A published review as anyone may read it: never the e-mail, never staff's notes. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  reviewTitle: z.string(),
  reviewText: z.string(),
  customerName: z.string(),
  location: z.string().nullable(),
  vehicleSold: z.string().nullable(),
  submittedAt: z.iso.datetime(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `GET /api/reviews` and the public pages' data: newest first, with the average of all of them. */
export const publicReviewListSchema = z.object({
  reviews: z.array(publicReviewSchema),
  /** Every published review counted, whatever `reviews` holds. */
  count: z.number().int(),
  /** The average rating of every published review, to one decimal; null when there are none. */
  average: z.number().nullable(),
});
export type PublicReviewList = z.infer<typeof publicReviewListSchema>;

/**
 * `GET /api/reviews?offset=20&limit=20`: a slice of the newest PUBLIC_REVIEWS_REACH, for the reviews
 * page's carousel, which arrives with the first few and fetches the rest as a visitor nears them
 * (issue 33). With neither, the whole reach, as before.
 */
export const publicReviewListQuerySchema = z.object({
  offset: intFromString({
    min: 0,
    max: PUBLIC_REVIEWS_REACH - 1,
    message: `Offset must be a whole number from 0 to ${PUBLIC_REVIEWS_REACH - 1}.`,
  }).default(0),
  limit: intFromString({
    min: 1,
    max: PUBLIC_REVIEWS_REACH,
    message: `Limit must be a whole number from 1 to ${PUBLIC_REVIEWS_REACH}.`,
  }).default(PUBLIC_REVIEWS_REACH),
});
export type PublicReviewListQuery = z.output<typeof publicReviewListQuerySchema>;

/** The body of `/approve`: notes optional. */
export const reviewModerationSchema = z.object({
  adminNotes: optionalText({ max: REVIEW_NOTES_MAX_LENGTH, tooLong: reviewMessages.notesTooLong, multiline: true }),
});
export type ReviewModeration = z.input<typeof reviewModerationSchema>;

/** The body of `/reject`: the notes say why, so they are required (stated in the API document: issue 32). */
export const reviewRejectionSchema = z.object({
  adminNotes: text({
    min: 1,
    max: REVIEW_NOTES_MAX_LENGTH,
    required: reviewMessages.notesRequired,
    tooShort: reviewMessages.notesRequired,
    tooLong: reviewMessages.notesTooLong,
    multiline: true,
  }).meta({
    minLength: 1,
    maxLength: REVIEW_NOTES_MAX_LENGTH,
    pattern: '\\S',
    description: 'Why the review is rejected.',
  }),
});

export const reviewStatusValues = ['pending', 'approved'] as const;
export const adminReviewListQuerySchema = paginationQuery({ defaultPageSize: 20 }).extend({
  status: z.enum(reviewStatusValues, { message: 'Status must be pending or approved.' }).default('pending'),
});

/** A review as staff see it (SPEC section 7). */
export const adminReviewSchema = publicReviewSchema.extend({
  email: z.string(),
  adminNotes: z.string().nullable(),
  isApproved: z.boolean(),
  isPublished: z.boolean(),
  approvedAt: z.iso.datetime().nullable(),
  /** The admin who approved it (username); null when not approved or the account is gone. */
  approvedBy: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = paginatedSchema(adminReviewSchema).extend({
  /** For the tabs' badges and the navigation's count. */
  counts: z.object({ pending: z.number().int(), approved: z.number().int() }),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
