import type { ValuationCreated } from '~/shared/valuation-fields';
import { VALUATION_REFERENCE_PATTERN } from '~/shared/valuation-reference';
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
    } else if (key === 'agreeToContact' || key === 'marketingConsent') {
      values[key] = value === true;
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

// --- After submit ------------------------------------------------------------------------------

/**
 * The request just stored (its id and reference), so a reload of the success screen still shows
 * its reference. Kept only for the address it was submitted on (`?submitted=1`, see the wizard's
 * SUBMITTED_ADDRESS) and for an hour; the form itself, at /valuation, always starts a new request.
 *
 * Never the photo upload token (issue 32): it lets whoever holds it add photos to the request, and
 * session storage is readable by any script on the page for as long as the tab lives. The wizard
 * keeps it in memory only, so a reload ends the photo area and the page says so.
 */
export const SUBMITTED_STORAGE_KEY = 'carbuy.valuation-submitted.v1';
const SUBMITTED_KEPT_MS = 60 * 60_000;

/** A stored request as a reload finds it: no upload token. */
export type SubmittedRequest = Pick<ValuationCreated, 'id' | 'reference' | 'indicativePrice'>;

type SubmittedRecord = SubmittedRequest & { at: number; address: string };

export function saveSubmitted(created: SubmittedRequest, address: string, now = Date.now()): void {
  const { id, reference, indicativePrice } = created;
  const record: SubmittedRecord = { id, reference, indicativePrice, at: now, address };
  try {
    storage()?.setItem(SUBMITTED_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Full or refused: a reload then shows a fresh form, the request is stored anyway.
  }
}

/**
 * The request submitted on this address within the hour, or null. One stored before references
 * existed has none to show: it counts as broken, so the page shows the form instead.
 */
export function parseSubmitted(raw: string | null, address: string, now = Date.now()): SubmittedRequest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  // A token an older version stored is never read: the photo area needs the one in memory.
  const { id, reference, at, address: storedAddress } = parsed;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  if (typeof reference !== 'string' || !VALUATION_REFERENCE_PATTERN.test(reference)) return null;
  if (typeof at !== 'number' || now - at > SUBMITTED_KEPT_MS || now < at) return null;
  if (storedAddress !== address) return null;
  return { id, reference, indicativePrice: parseIndicativePrice(parsed.indicativePrice) };
}

/** A kept indicative price (issue 34), or null: none, broken, or kept before it existed. */
function parseIndicativePrice(value: unknown): SubmittedRequest['indicativePrice'] {
  if (!isRecord(value)) return null;
  const { lowPence, highPence, count } = value;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  return whole(lowPence) && whole(highPence) && whole(count) ? { lowPence, highPence, count } : null;
}

export function loadSubmitted(address: string): SubmittedRequest | null {
  try {
    return parseSubmitted(storage()?.getItem(SUBMITTED_STORAGE_KEY) ?? null, address);
  } catch {
    return null;
  }
}
