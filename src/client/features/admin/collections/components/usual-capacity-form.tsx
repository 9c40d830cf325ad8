import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { collectionAdminMessages, collectionSlots, slotTimes } from '~/shared/collection-schemas';
import { errorMessage } from '../../lib/server-errors';
import { useSaveUsualCapacity, type Capacity } from '../api/collections';
import { fieldIssues, readCapacity } from '../lib/capacity-field';
import { SlotCapacityField } from './slot-capacity-field';

/**
 * The usual capacity (issue 36): how many collections a working day (Monday to Friday, not a bank
 * holiday) takes in the morning and in the afternoon, unless staff change that day.
 */
export function UsualCapacityForm({ usual }: { usual: Capacity }) {
  const save = useSaveUsualCapacity();
  const [values, setValues] = useState({ morning: String(usual.morning), afternoon: String(usual.afternoon) });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const read = { morning: readCapacity(values.morning), afternoon: readCapacity(values.afternoon) };
    const found = Object.fromEntries(
      collectionSlots.flatMap((slot) => {
        const field = read[slot];
        return 'error' in field ? [[slot, field.error]] : [];
      }),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    const capacity = {
      morning: (read.morning as { value: number }).value,
      afternoon: (read.afternoon as { value: number }).value,
    };
    try {
      const saved = await save.mutateAsync(capacity);
      toast({
        title: collectionAdminMessages.settingsSaved,
        description: `A working day now takes ${saved.morning} in the morning and ${saved.afternoon} in the afternoon.`,
      });
    } catch (error) {
      setErrors(fieldIssues(error));
      toast({
        title: 'Usual capacity not saved',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card className="mb-6">
      <CardHeader className="pb-3">
        <CardTitle id="usual-capacity-heading">Usual capacity</CardTitle>
        <CardDescription>
          How many collections a working day takes in each slot (Monday to Friday, not bank holidays), unless you change
          the day below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-labelledby="usual-capacity-heading"
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-4 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto] sm:items-start"
        >
          {collectionSlots.map((slot) => (
            <SlotCapacityField
              key={slot}
              slot={slot}
              hint={slotTimes[slot].label.replace(/^\w+, /, '')}
              value={values[slot]}
              error={errors[slot]}
              onChange={(value) => setValues((current) => ({ ...current, [slot]: value }))}
            />
          ))}
          <Button
            type="submit"
            variant="brand"
            className="sm:mt-[3.25rem] sm:justify-self-start"
            disabled={save.isPending}
          >
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
