import { useId, useState, type FormEvent } from 'react';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { paths } from '~/shared/paths';
import { displayRegistration, REGISTRATION_INPUT_MAX_LENGTH } from '~/shared/registration';

/** SPEC section 9: the home page's registration inputs take at most 8 characters. */
export const REGISTRATION_MAX_LENGTH = REGISTRATION_INPUT_MAX_LENGTH;

/**
 * What the box shows as the seller types ("  ab12 cde" becomes "AB12 CDE"): the
 * shared display form of src/shared/registration.ts, cut to 8 characters.
 */
export function normaliseTypedRegistration(value: string): string {
  return displayRegistration(value, REGISTRATION_MAX_LENGTH);
}

/** `/valuation?registration=<trimmed, URL-encoded>`, or `/valuation` alone when blank. */
export function valuationHref(registration: string): string {
  const trimmed = registration.trim();
  return trimmed ? `${paths.valuation}?registration=${encodeURIComponent(trimmed)}` : paths.valuation;
}

type RegistrationFormProps = {
  /** Visible label; must be unique on the page (the home page has two of these forms). */
  label: string;
  className?: string;
};

/**
 * A registration box styled as a yellow UK number plate, with "Get My Valuation". It is
 * drawn for navy backgrounds (brand-800 and darker).
 *
 * Before the page's script has loaded it is a plain GET form to /valuation, so it
 * works from the server-rendered HTML alone. Once hydrated (an island), it shows the
 * registration as a plate as it is typed, and goes to /valuation with the value trimmed,
 * leaving the parameter out when the box is blank.
 */
export function RegistrationForm({ label, className }: RegistrationFormProps) {
  const inputId = useId();
  const [value, setValue] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read the form, not the state: it also holds anything typed before hydration.
    const typed = new FormData(event.currentTarget).get('registration');
    window.location.assign(valuationHref(typeof typed === 'string' ? typed : ''));
  }

  return (
    <form action={paths.valuation} method="get" onSubmit={onSubmit} className={cx('w-full max-w-xl', className)}>
      <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-brand-100">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex h-16 min-w-0 overflow-hidden rounded-lg border-2 border-brand-950 bg-plate focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-plate sm:flex-1">
          <span
            aria-hidden="true"
            className="flex w-11 shrink-0 items-end justify-center bg-brand-700 pb-2 text-xs font-bold tracking-wide text-white"
          >
            UK
          </span>
          <input
            id={inputId}
            name="registration"
            type="text"
            value={value}
            onChange={(event) => setValue(normaliseTypedRegistration(event.target.value))}
            maxLength={REGISTRATION_MAX_LENGTH}
            placeholder="ENTER REG"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="w-full min-w-0 bg-transparent px-3 text-center font-plate text-3xl font-bold tracking-wider text-brand-950 uppercase placeholder:text-brand-950/55 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-16 items-center justify-center gap-2 rounded-lg bg-go-600 px-6 text-lg font-bold text-white hover:bg-go-700"
        >
          Get My Valuation
          <SpriteIcon name="arrow-right" className="size-5" />
        </button>
      </div>
    </form>
  );
}

export const RegistrationFormIsland = island('components/registration-input', RegistrationForm);
