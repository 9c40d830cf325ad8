import { AtSign, Phone, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Spinner } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';
import {
  DATA_REQUEST_EMAIL_MAX_LENGTH,
  dataRequestSearchSchema,
  type DataRequestSearchInput,
} from '~/shared/data-requests';
import { PHONE_MAX_LENGTH } from '~/shared/phone';

export type IdentifierKind = 'email' | 'phone';

const kinds = {
  email: {
    option: 'E-mail address',
    icon: AtSign,
    label: 'Their e-mail address',
    hint: 'The whole address, in any capitals. Part of an address finds nothing.',
    input: { type: 'email', inputMode: 'email', autoComplete: 'off', maxLength: DATA_REQUEST_EMAIL_MAX_LENGTH },
  },
  phone: {
    option: 'Phone number',
    icon: Phone,
    label: 'Their phone number',
    hint: 'Written any usual way: 07911 123456, +44 7911 123456 and 0044 7911 123456 find the same records.',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'off', maxLength: PHONE_MAX_LENGTH },
  },
} as const;

/** The body of a search, export or erasure for what was typed. */
export function searchInput(kind: IdentifierKind, value: string): DataRequestSearchInput {
  return kind === 'email' ? { email: value } : { phone: value };
}

/**
 * Search by e-mail address or by phone number: one at a time, as the records are found by one or
 * the other. Checked here with the server's own rules, so a typo is caught before any request.
 */
export function SearchForm({
  pending,
  serverError,
  onSearch,
}: {
  pending: boolean;
  /** The server's refusal of the last search, shown on the field. */
  serverError: string | undefined;
  onSearch: (kind: IdentifierKind, input: DataRequestSearchInput) => void;
}) {
  const [kind, setKind] = useState<IdentifierKind>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = kinds[kind];
  const shownError = error ?? serverError;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = searchInput(kind, value);
    const checked = dataRequestSearchSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="identifier"]')?.focus();
      return;
    }
    setError(undefined);
    onSearch(kind, input);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Find a person's data">
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm leading-5 font-semibold text-brand-950">Search by</legend>
        <div className="grid grid-cols-2 gap-2">
          {(Object.keys(kinds) as IdentifierKind[]).map((option) => {
            const { option: label, icon: Icon } = kinds[option];
            return (
              <label
                key={option}
                className={cn(
                  'relative flex h-12 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors',
                  kind === option
                    ? 'border-brand-600 bg-brand-50 text-brand-950 ring-1 ring-brand-600'
                    : 'border-slate-300 bg-white text-brand-900 hover:bg-brand-50',
                )}
              >
                {/* The real radio button, invisible over the whole option: it takes the clicks and shows focus. */}
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setValue('');
                    setError(undefined);
                  }}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
                />
                <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <FormField label={field.label} hint={field.hint} error={shownError} required>
        <Input
          key={kind}
          name="identifier"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
          {...field.input}
        />
      </FormField>
      <Button type="submit" variant="brand" disabled={pending} className="w-full sm:w-auto sm:justify-self-start">
        {pending ? <Spinner /> : <Search aria-hidden="true" />}
        {pending ? 'Searching...' : 'Search'}
      </Button>
    </form>
  );
}
