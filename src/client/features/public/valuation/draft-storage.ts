import { readVehicleLookupResult } from '~/shared/vehicle-lookup-basics';
import type { LookupState } from './vehicle-lookup';
import { emptyValues, STEP_COUNT, type WizardValues } from './wizard-form';

/**
 * The wizard's draft in the tab's session storage, so a reload, Back or a phone dropping the
 * page never loses what the seller typed. Cleared once the request is stored. Read and written
 * only from effects and event handlers: the server has no storage.
 */
export const DRAFT_STORAGE_KEY = 'carbuy.valuation-draft.v1';

export type SubmissionAttempt = {
  /** The Idempotency-Key sent with this request body. */
  key: string;
  /** The request body it was sent with (JSON), so a changed draft gets a new key. */
  body: string;
};

export type WizardDraft = {
  /** 0-based. */
  step: number;
  values: WizardValues;
  /** The registration lookup's answer, so a reload neither asks again nor loses typed make and model. */
  lookup: LookupState;
  /** The `?registration=` already applied, so a reload does not undo a registration changed since. */
  prefill: string | null;
  attempt: SubmissionAttempt | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A stored draft, checked field by field: anything of the wrong type falls back to empty, so an
 * old or tampered draft can never break the page.
 */
export function parseDraft(raw: string | null): WizardDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.values)) return null;
  const stored = parsed.values;
  const values = emptyValues();
  for (const key of Object.keys(values) as (keyof WizardValues)[]) {
    const value = stored[key];
    if (key === 'contactPreference') {
      if (Array.isArray(value)) values.contactPreference = value.filter((v): v is string => typeof v === 'string');
    } else if (key === 'agreeToContact') {
      values.agreeToContact = value === true;
    } else if (typeof value === 'string') {
      values[key] = value;
    }
  }
  const step =
    typeof parsed.step === 'number' && Number.isInteger(parsed.step)
      ? Math.min(Math.max(parsed.step, 0), STEP_COUNT - 1)
      : 0;
  const attempt = parsed.attempt;
  return {
    step,
    values,
    lookup: parseLookup(parsed.lookup),
    prefill: typeof parsed.prefill === 'string' ? parsed.prefill : null,
    attempt:
      isRecord(attempt) && typeof attempt.key === 'string' && typeof attempt.body === 'string'
        ? { key: attempt.key, body: attempt.body }
        : null,
  };
}

function parseLookup(value: unknown): LookupState {
  if (!isRecord(value) || typeof value.registration !== 'string') return { status: 'idle' };
  const { registration } = value;
  if (value.status === 'loading') return { status: 'loading', registration };
  if (value.status === 'manual' && typeof value.message === 'string')
    return { status: 'manual', registration, message: value.message };
  if (value.status === 'found') {
    const vehicle = readVehicleLookupResult(value.vehicle);
    if (vehicle) return { status: 'found', registration, vehicle };
  }
  return { status: 'idle' };
}

/** Storage can be missing or refuse (private mode, full): the wizard then simply keeps no draft. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(): WizardDraft | null {
  try {
    return parseDraft(storage()?.getItem(DRAFT_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function saveDraft(draft: WizardDraft): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Full or refused: nothing to do, the form still works.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // As above.
  }
}

/** A fresh Idempotency-Key: a UUID, or 32 random hex digits where randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key for sending `body`: the previous attempt's when the body is the same (a retry after a
 * lost answer must not store the request twice), a new one when the seller changed anything
 * (the server refuses a reused key with a different body).
 */
export function attemptFor(
  body: string,
  previous: SubmissionAttempt | null,
  makeKey: () => string = newIdempotencyKey,
): SubmissionAttempt {
  return previous && previous.body === body ? previous : { key: makeKey(), body };
}
