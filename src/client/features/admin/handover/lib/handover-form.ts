import type { FieldErrors, Resolver } from 'react-hook-form';
import { handoverRequestSchema, type HandoverCondition, type HandoverRequest } from '~/shared/handover-schemas';

/** The "At the door" form as it is filled in: every answer a string until it is checked. */
export type HandoverFormValues = {
  condition: '' | HandoverCondition;
  mileage: string;
  keys: string;
  v5cHandedOver: '' | 'yes' | 'no';
  sellerIsKeeper: '' | 'yes' | 'no';
  notes: string;
};

export const handoverFields = ['condition', 'mileage', 'keys', 'v5cHandedOver', 'sellerIsKeeper', 'notes'] as const;
type HandoverField = (typeof handoverFields)[number];

export const emptyHandover: HandoverFormValues = {
  condition: '',
  mileage: '',
  keys: '',
  v5cHandedOver: '',
  sellerIsKeeper: '',
  notes: '',
};

/**
 * A whole number typed as "45000", "45,000" or "45 000"; anything else is NaN, which the schema
 * turns into its message. Blank is undefined ("enter the mileage").
 */
export function wholeNumber(typed: string): number | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) || /^\d{1,3}([,\s]\d{3})+$/.test(text) ? Number(text.replace(/[,\s]/g, '')) : Number.NaN;
}

const yesNo = (answer: '' | 'yes' | 'no') => (answer === '' ? undefined : answer === 'yes');

/** What the form's answers say, before the shared schema checks it (the fields of the other answer left out). */
function candidate(values: HandoverFormValues): unknown {
  if (values.condition === 'not_as_declared') return { condition: values.condition, notes: values.notes };
  if (values.condition === 'as_declared') {
    return {
      condition: values.condition,
      mileage: wholeNumber(values.mileage),
      keys: values.keys === '' ? undefined : Number(values.keys),
      v5cHandedOver: yesNo(values.v5cHandedOver),
      sellerIsKeeper: yesNo(values.sellerIsKeeper),
      notes: values.notes,
    };
  }
  return { condition: undefined };
}

const isField = (name: unknown): name is HandoverField => handoverFields.includes(name as HandoverField);

/**
 * Checks the answers with the route's own schema, so the words under each field are the server's
 * (src/shared/handover.ts), and hands on the request to send.
 */
export const handoverResolver: Resolver<HandoverFormValues, unknown, HandoverRequest> = (values) => {
  const parsed = handoverRequestSchema.safeParse(candidate(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<HandoverFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = isField(issue.path[0]) ? issue.path[0] : 'condition';
    errors[name] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};
