import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { SLOT_CAPACITY_MAX, type CollectionSlot } from '~/shared/collection-schemas';
import { slotNames } from '../lib/collection-words';

/** One slot's capacity as typed ("Morning collections"), for the usual capacity and a day's change. */
export function SlotCapacityField(props: {
  slot: CollectionSlot;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={`${slotNames[props.slot]} collections`} hint={props.hint} error={props.error}>
      <Input
        name={props.slot}
        type="number"
        inputMode="numeric"
        min={0}
        max={SLOT_CAPACITY_MAX}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormField>
  );
}
