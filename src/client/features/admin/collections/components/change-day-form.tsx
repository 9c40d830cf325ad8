import { Ban, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import {
  collectionAdminMessages,
  collectionMessages,
  collectionSlots,
  type AdminCollectionDay,
} from '~/shared/collection-schemas';
import { errorMessage } from '../../lib/server-errors';
import type { useChangeDay } from '../api/collections';
import { fieldIssues, readCapacity } from '../lib/capacity-field';
import { SlotCapacityField } from './slot-capacity-field';
import { dayHeading } from '../lib/collection-words';

const NOTE_MAX = 200;

/**
 * "Change this day" (issue 36): the day's own morning and afternoon capacity and a note saying
 * why; "No collections" puts both at 0. The server refuses a slot below what is booked there, in
 * words shown here.
 */
export function ChangeDayForm({
  id,
  day,
  change,
  onDone,
  onCancel,
}: {
  id: string;
  day: AdminCollectionDay;
  change: ReturnType<typeof useChangeDay>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const capacity = (slot: (typeof collectionSlots)[number]) =>
    String(day.slots.find((s) => s.slot === slot)?.capacity ?? 0);
  const [values, setValues] = useState({
    morning: capacity('morning'),
    afternoon: capacity('afternoon'),
    note: day.note,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const noteId = useId();

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[name="morning"]')?.focus();
  }, []);

  const saving = change.isPending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setRefusal(null);
    const read = { morning: readCapacity(values.morning), afternoon: readCapacity(values.afternoon) };
    const found: Record<string, string> = {};
    for (const slot of collectionSlots) {
      const field = read[slot];
      if ('error' in field) found[slot] = field.error;
    }
    if (values.note.trim().length > NOTE_MAX) found.note = collectionMessages.noteTooLong;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await change.mutateAsync({
        date: day.date,
        change: {
          morning: (read.morning as { value: number }).value,
          afternoon: (read.afternoon as { value: number }).value,
          note: values.note.trim(),
        },
      });
      toast({ title: collectionAdminMessages.daySaved, description: dayHeading(day.date) });
      onDone();
    } catch (error) {
      const issues = fieldIssues(error);
      setErrors(issues);
      const message = errorMessage(error, 'The day was not changed. Please try again.');
      if (Object.keys(issues).length === 0) setRefusal(message);
      toast({ title: 'Day not changed', description: message, variant: 'destructive' });
    }
  }

  return (
    <form
      id={id}
      ref={form}
      noValidate
      aria-label={`Change ${dayHeading(day.date)}`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) onCancel();
      }}
      className="grid gap-4 rounded-lg border border-brand-100 bg-brand-50/60 p-3 sm:p-4"
    >
      <div className="grid grid-cols-2 gap-3">
        {collectionSlots.map((slot) => (
          <SlotCapacityField
            key={slot}
            slot={slot}
            value={values[slot]}
            error={errors[slot]}
            onChange={(value) => setValues((current) => ({ ...current, [slot]: value }))}
          />
        ))}
      </div>
      <FormField
        label="Note"
        hint="Why the day is different, such as “Van in for service”."
        error={errors.note}
        id={noteId}
      >
        <Input
          name="note"
          maxLength={NOTE_MAX}
          value={values.note}
          onChange={(event) => setValues((current) => ({ ...current, note: event.target.value }))}
        />
      </FormField>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="brand" size="sm" disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={saving}
          onClick={() => {
            setValues((current) => ({ ...current, morning: '0', afternoon: '0' }));
            setErrors({});
            form.current?.querySelector<HTMLInputElement>('input[name="note"]')?.focus();
          }}
        >
          <Ban aria-hidden="true" />
          No collections
        </Button>
        <Button variant="ghost" size="sm" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
