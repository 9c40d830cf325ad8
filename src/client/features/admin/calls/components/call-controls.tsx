import { CircleAlert, PauseCircle, Phone, PhoneCall, PhoneOff, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { callMessages, displayCallNumber } from '~/shared/calls';
import { PHONE_MAX_LENGTH, toE164 } from '~/shared/phone';
import { errorMessage } from '../../lib/server-errors';
import { useHangUp } from '../api/hang-up';
import { useMakeCall } from '../api/make-call';

/** The call staff are on, as this page knows it (SPEC section 4's local "call active" flag). */
export type ActiveCall = { kind: 'outgoing' | 'answered'; party: string };

/**
 * SPEC section 2's call controls: a number, Make Call, Hang Up while a call is active, and Refresh.
 * Make Call is disabled while the number is empty or a call is active. When the server lacks the
 * Twilio settings (`notReadyReason`), the controls are disabled and the reason is said beside them.
 */
export function CallControls({
  active,
  onActiveChange,
  notReadyReason,
  refreshing,
  onRefresh,
}: {
  active: ActiveCall | null;
  onActiveChange: (active: ActiveCall | null) => void;
  notReadyReason: string | null;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const id = useId();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const makeCall = useMakeCall();
  const hangUp = useHangUp();
  const inputRef = useRef<HTMLInputElement>(null);
  const hangUpRef = useRef<HTMLButtonElement>(null);
  const disabled = notReadyReason !== null;

  // A call began (here or by Answer in the list): the button that ends it takes focus, as the
  // button pressed is now disabled or gone.
  const activeNow = active !== null;
  useEffect(() => {
    if (activeNow) hangUpRef.current?.focus();
  }, [activeNow]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = phoneNumber.trim();
    if (number === '' || active || disabled) return;
    makeCall.mutate(number, {
      onSuccess: () => {
        // The number as the log will show it: E.164 with +44 written with a leading 0.
        const party = displayCallNumber(toE164(number) ?? number);
        toast({ title: `Calling ${party}`, description: 'Your phone rings first. Answer it to be connected.' });
        onActiveChange({ kind: 'outgoing', party });
      },
      onError: (failure) => {
        // A number the server refused is said under the field too, where it can be corrected.
        if (failure instanceof ApiError && failure.status === 400) setError(errorMessage(failure, ''));
        toast({
          title: 'Error',
          description: errorMessage(failure, 'Failed to make the call'),
          variant: 'destructive',
        });
      },
    });
  };

  const end = () =>
    hangUp.mutate(undefined, {
      onSuccess: ({ ended }) => {
        toast(
          ended > 0 ? { title: 'Call ended' } : { title: 'No call to hang up', description: callMessages.noActiveCall },
        );
        onActiveChange(null);
        // Hang Up is gone; the number field is where the next call starts.
        requestAnimationFrame(() => inputRef.current?.focus());
      },
      onError: (failure) =>
        toast({ title: 'Error', description: errorMessage(failure, 'Failed to hang up'), variant: 'destructive' }),
    });

  const describedBy = [error ? `${id}-error` : null, disabled ? `${id}-reason` : null].filter(Boolean).join(' ');
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          <PhoneCall aria-hidden="true" className="size-5 text-brand-600" />
          Call controls
        </CardTitle>
        <CardDescription>
          Make Call rings the staff phone first; when you answer it, Twilio dials the number and shows the business
          number to the seller.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate aria-label="Make a call" className="grid gap-1.5">
          <Label htmlFor={`${id}-number`}>Phone number</Label>
          <div className="flex flex-col gap-2 md:flex-row md:items-start">
            <Input
              ref={inputRef}
              id={`${id}-number`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              spellCheck={false}
              maxLength={PHONE_MAX_LENGTH}
              placeholder="e.g. 07911 123456"
              value={phoneNumber}
              disabled={disabled}
              onChange={(event) => {
                setPhoneNumber(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              className="md:max-w-xs"
            />
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              <Button
                type="submit"
                variant="brand"
                disabled={disabled || active !== null || phoneNumber.trim() === '' || makeCall.isPending}
              >
                {makeCall.isPending ? <Spinner /> : <Phone aria-hidden="true" />}
                {makeCall.isPending ? 'Calling...' : 'Make Call'}
              </Button>
              {active ? (
                <Button ref={hangUpRef} variant="danger" onClick={end} disabled={disabled || hangUp.isPending}>
                  {hangUp.isPending ? <Spinner /> : <PhoneOff aria-hidden="true" />}
                  {hangUp.isPending ? 'Hanging up...' : 'Hang Up'}
                </Button>
              ) : null}
              <Button
                variant="outline"
                onClick={onRefresh}
                disabled={refreshing}
                className={cn(active ? 'col-span-2 sm:col-span-1' : '')}
              >
                <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
                Refresh
              </Button>
            </div>
          </div>
          {error ? (
            <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{error}</span>
            </p>
          ) : null}
        </form>
        {active ? (
          <p
            role="status"
            className="flex items-start gap-2.5 rounded-lg border border-blue-200 bg-blue-50 px-3.5 py-3 text-sm text-blue-950"
          >
            <PhoneCall aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
            <span>
              {active.kind === 'outgoing' ? (
                <>
                  <strong className="font-semibold">Calling {active.party}.</strong> Your phone rings first; answer it
                  to be connected.
                </>
              ) : (
                <>
                  <strong className="font-semibold">Connecting you to {active.party}.</strong> Your phone rings now;
                  pick up to speak to them.
                </>
              )}{' '}
              Hang Up ends the call.
            </span>
          </p>
        ) : null}
        {disabled ? (
          <p
            id={`${id}-reason`}
            role="status"
            className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950"
          >
            <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <span>{notReadyReason} Until then these buttons stay off; the call log below still updates.</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
