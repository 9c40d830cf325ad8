import { useId, type ComponentProps } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '~/client/components/ui/checkbox';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { cn } from '~/client/lib/cn';
import { latestVehicleYear, VEHICLE_DESCRIPTION_MAX_LENGTH } from '~/shared/purchased-vehicles';
import { tidyPounds, tidyWholeNumber, upperCaseAsTyped, type VehicleFormValues } from '../lib/vehicle-form';

/** Suggestions for the free-text fuel type. */
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Hybrid', 'Plug-in hybrid', 'Electric'] as const;

/**
 * Every detail of a vehicle (SPEC section 3), for the add form and the edit dialog: make, model
 * and year required; registration and price internal; the rest shown on the website. `columns`
 * is how many the widest layout has (3 on the page, 2 in a dialog).
 */
export function VehicleFields({
  form,
  today,
  columns,
}: {
  form: UseFormReturn<VehicleFormValues>;
  /** The latest purchase date (`YYYY-MM-DD`). */
  today: string;
  columns: 2 | 3;
}) {
  const fuelListId = useId();
  const { errors } = form.formState;
  const registration = form.register('registration');
  const tidyOnBlur = (name: 'purchasePrice' | 'mileage', tidy: (typed: string) => string) => {
    const field = form.register(name, { setValueAs: (value: string) => tidy(value) });
    return {
      ...field,
      onBlur: (event: { target: HTMLInputElement; type: string }) => {
        const tidied = tidy(event.target.value);
        if (tidied !== event.target.value) event.target.value = tidied;
        return field.onBlur(event);
      },
    };
  };

  const grid = cn('grid gap-5 sm:grid-cols-2 sm:items-start sm:gap-x-4', columns === 3 && 'lg:grid-cols-3');
  return (
    <div className={grid}>
      <FormField label="Make" error={errors.make?.message} required>
        <Input autoComplete="off" placeholder="e.g. Ford" {...form.register('make')} />
      </FormField>
      <FormField label="Model" error={errors.model?.message} required>
        <Input autoComplete="off" placeholder="e.g. Focus" {...form.register('model')} />
      </FormField>
      <FormField label="Year" error={errors.year?.message} required>
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder={`e.g. ${latestVehicleYear() - 6}`}
          {...form.register('year')}
        />
      </FormField>
      <FormField label="Fuel type" error={errors.fuelType?.message}>
        <Input autoComplete="off" list={fuelListId} placeholder="e.g. Petrol" {...form.register('fuelType')} />
      </FormField>
      <datalist id={fuelListId}>
        {FUEL_TYPES.map((fuel) => (
          <option key={fuel} value={fuel} />
        ))}
      </datalist>
      <FormField label="Engine size" error={errors.engineSize?.message}>
        <Input autoComplete="off" placeholder="e.g. 1.6L" {...form.register('engineSize')} />
      </FormField>
      <FormField label="Colour" error={errors.color?.message}>
        <Input autoComplete="off" placeholder="e.g. Blue" {...form.register('color')} />
      </FormField>
      <FormField label="Mileage" error={errors.mileage?.message}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 45000"
          {...tidyOnBlur('mileage', tidyWholeNumber)}
        />
      </FormField>
      <FormField label="Customer location" error={errors.location?.message}>
        <Input autoComplete="off" placeholder="e.g. Grimsby" {...form.register('location')} />
      </FormField>
      <FormField label="Purchase date" error={errors.purchaseDate?.message}>
        <Input type="date" max={today} {...form.register('purchaseDate')} />
      </FormField>
      {/* The two internal fields side by side on a row of their own, so their hints line up. */}
      <div className={cn(grid, 'sm:col-span-full')}>
        <FormField
          label="Registration"
          hint="Internal only, never shown on the website"
          error={errors.registration?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-semibold tracking-wide uppercase placeholder:font-normal placeholder:tracking-normal placeholder:normal-case"
            placeholder="e.g. AB12 CDE"
            {...registration}
            onChange={(event) => {
              upperCaseAsTyped(event.target);
              return registration.onChange(event);
            }}
          />
        </FormField>
        <FormField label="Purchase price (£)" hint="Internal only" error={errors.purchasePrice?.message}>
          <PoundsInput placeholder="4250.00" {...tidyOnBlur('purchasePrice', tidyPounds)} />
        </FormField>
      </div>
      <FormField
        label="Description"
        hint="A line or two for the website, e.g. its condition or history."
        error={errors.description?.message}
        className="sm:col-span-full"
      >
        <textarea
          rows={3}
          maxLength={VEHICLE_DESCRIPTION_MAX_LENGTH}
          className={cn(inputClassName, 'h-auto min-h-24 py-2.5')}
          {...form.register('description')}
        />
      </FormField>
      <CheckboxField
        label="Show on website"
        hint="On the public “Recently purchased” page and the home page."
        className="sm:col-span-full"
        {...form.register('isVisible')}
      />
    </div>
  );
}

/** A money input with a "£" before the amount. Every prop (id, aria-*, register()) goes to the <input>. */
function PoundsInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
        £
      </span>
      <input inputMode="decimal" autoComplete="off" className={cn(inputClassName, 'pl-7', className)} {...props} />
    </div>
  );
}
