import { MapPin } from 'lucide-react';
import { lazy, useState } from 'react';
import { island } from '~/client/lib/island';
import { OpeningArea } from './opening-area';

const DamageEditor = lazy(() => import('./damage-editor'));

const marks = (n: number) => (n === 1 ? '1 damage mark' : `${n} damage marks`);

/**
 * The damage area on the seller's own page (issue 35): how many marks they made, and the drawing to
 * place, move, change or remove them, whose code (and the drawing) comes only when they open it.
 * Once an offer is accepted the marks stand as they are.
 */
export function DamagePanel({ count, editable }: { count: number; editable: boolean }) {
  const [stored, setStored] = useState(count);
  const [open, setOpen] = useState(false);
  return (
    <OpeningArea
      open={open}
      onOpen={() => setOpen(true)}
      summary={
        <>
          {stored === 0
            ? 'Show us any dents, scratches, chips or damaged wheels on a drawing of the car, so our offer allows for them.'
            : `${marks(stored)} on the drawing of your car.`}
          {editable ? null : ' Now that you have accepted our offer, they stay as they are.'}
        </>
      }
      button={{
        label: !editable ? 'See the damage marks' : stored === 0 ? 'Mark damage' : 'See or change damage marks',
        icon: <MapPin aria-hidden="true" />,
      }}
      loading="Opening the drawing…"
    >
      <DamageEditor
        onClose={(now) => {
          setStored(now);
          setOpen(false);
        }}
      />
    </OpeningArea>
  );
}

export const DamagePanelIsland = island('features/public/your-valuation/damage-panel', DamagePanel);
