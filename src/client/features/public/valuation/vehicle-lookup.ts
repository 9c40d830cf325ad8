import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '~/client/components/ui/toast';
import type { VehicleLookupResult } from '~/shared/vehicle-lookup';
import {
  checkLookupRegistration,
  readVehicleLookupFailure,
  readVehicleLookupResult,
  vehicleLookupMessages,
} from '~/shared/vehicle-lookup-basics';
import { makeAndModel } from '~/shared/vehicle-names';

/** SPEC section 4: look a typed registration up after 1 s without typing, from 6 characters. */
export const LOOKUP_DEBOUNCE_MS = 1000;
export const TYPED_LOOKUP_MIN_LENGTH = 6;

export const manualEntryMessages = {
  notConfigured: 'Tell us the make, model and year of your car.',
} as const;

/**
 * Where the lookup stands. `manual`: the lookup is not configured or found nothing, so the seller
 * types make, model and year.
 */
export type LookupState =
  | { status: 'idle' }
  | { status: 'loading'; registration: string }
  | { status: 'found'; registration: string; vehicle: VehicleLookupResult }
  | { status: 'manual'; registration: string; message: string };

/** The registration to look up once the seller stops typing, or null (too short, not a registration). */
export function typedLookupTarget(typed: string): string | null {
  const { registration, problem } = checkLookupRegistration(typed);
  return problem || registration.length < TYPED_LOOKUP_MIN_LENGTH ? null : registration;
}

/** The registration to look up at once from `?registration=` (3 characters are enough), or null. */
export function prefilledLookupTarget(typed: string): string | null {
  const { registration, problem } = checkLookupRegistration(typed);
  return problem ? null : registration;
}

/**
 * What a change to the registration box means: keep the current answer (the same registration,
 * e.g. a space added) or drop it, and what to look up after the pause.
 */
export function decideTypedLookup(typed: string, current: LookupState): { keep: boolean; lookUp: string | null } {
  const { registration } = checkLookupRegistration(typed);
  if (current.status !== 'idle' && current.registration === registration) return { keep: true, lookUp: null };
  return { keep: false, lookUp: typedLookupTarget(typed) };
}

/** The lookup's answer as a state: found, type it yourself (404, not configured), or nothing. */
export function lookupOutcome(registration: string, status: number, body: unknown): LookupState {
  if (status === 200) {
    const vehicle = readVehicleLookupResult(body);
    return vehicle ? { status: 'found', registration, vehicle } : { status: 'idle' };
  }
  const failure = readVehicleLookupFailure(body);
  if (status === 404)
    return { status: 'manual', registration, message: failure?.message ?? vehicleLookupMessages.notFound };
  if (status === 503 && failure?.message === vehicleLookupMessages.notConfigured)
    return { status: 'manual', registration, message: manualEntryMessages.notConfigured };
  // Anything else (busy, provider down, refused): the vehicle data is cleared quietly (SPEC section 8).
  return { status: 'idle' };
}

/** "2019 Ford Focus" (DVLA's "FORD FOCUS" written as everywhere else): the toast's words for a found car. */
export function vehicleName(vehicle: VehicleLookupResult): string {
  return [vehicle.year, makeAndModel(vehicle)].filter(Boolean).join(' ');
}

/**
 * The registration lookup: `typed` on every change (debounced), `now` for a prefilled
 * registration, `restore` for a draft's answer. Only the newest request may set the state.
 */
export function useVehicleLookup() {
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const stateRef = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);

  const update = useCallback((next: LookupState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = undefined;
  }, []);

  const run = useCallback(
    async (registration: string) => {
      cancel();
      const controller = new AbortController();
      inFlight.current = controller;
      update({ status: 'loading', registration });
      let next: LookupState;
      try {
        const response = await fetch(`/api/vehicle/${encodeURIComponent(registration)}`, {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        });
        const body: unknown = await response.json().catch(() => null);
        next = lookupOutcome(registration, response.status, body);
      } catch {
        if (controller.signal.aborted) return;
        next = { status: 'idle' };
      }
      if (controller.signal.aborted) return;
      inFlight.current = undefined;
      update(next);
      if (next.status === 'found')
        toast({ title: 'Vehicle found!', description: `We found your ${vehicleName(next.vehicle)}.` });
    },
    [cancel, update],
  );

  const typed = useCallback(
    (value: string) => {
      const decision = decideTypedLookup(value, stateRef.current);
      if (decision.keep) return;
      cancel();
      update({ status: 'idle' });
      const target = decision.lookUp;
      if (target) timer.current = setTimeout(() => void run(target), LOOKUP_DEBOUNCE_MS);
    },
    [cancel, run, update],
  );

  const now = useCallback(
    (value: string) => {
      const target = prefilledLookupTarget(value);
      if (target) void run(target);
    },
    [run],
  );

  const restore = useCallback(
    (saved: LookupState) => {
      cancel();
      // A reload in the middle of a lookup asks again.
      if (saved.status === 'loading') void run(saved.registration);
      else update(saved);
    },
    [cancel, run, update],
  );

  useEffect(() => cancel, [cancel]);

  return { state, typed, now, restore };
}
