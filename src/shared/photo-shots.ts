/**
 * The guided photos (issue 35): the named shots we ask every seller for, in the order they are
 * taken walking round the car and then inside it. A photo may carry one of them; photos without
 * one ("Add other photos") are just photos. Zod-free, for the seller's page and the server alike.
 */

export const photoShots = [
  'front_three_quarter',
  'rear_three_quarter',
  'left_side',
  'right_side',
  'dashboard',
  'front_seats',
  'rear_seats',
  'boot',
  'wheel_front_left',
  'wheel_front_right',
  'wheel_rear_left',
  'wheel_rear_right',
  'service_book',
] as const;
export type PhotoShot = (typeof photoShots)[number];

export const isPhotoShot = (value: unknown): value is PhotoShot =>
  typeof value === 'string' && (photoShots as readonly string[]).includes(value);

/** Which drawing shows how to take it (photo-shot-drawings.tsx on the client). */
export type ShotDrawing = 'front' | 'rear' | 'side' | 'dashboard' | 'seats' | 'boot' | 'wheel' | 'book';

const wheel = (label: string) => ({ label, hint: 'Close up, the whole rim and tyre.', drawing: 'wheel' as const });

export const photoShotGuide: Record<PhotoShot, { label: string; hint: string; drawing: ShotDrawing }> = {
  front_three_quarter: {
    label: 'Front three-quarter',
    hint: 'Stand at a front corner so the front and one side are both in the picture.',
    drawing: 'front',
  },
  rear_three_quarter: {
    label: 'Rear three-quarter',
    hint: 'The same from a back corner: the rear and the other side.',
    drawing: 'rear',
  },
  left_side: { label: 'Left side', hint: 'The whole passenger side, from a few steps back.', drawing: 'side' },
  right_side: { label: 'Right side', hint: 'The whole driver’s side, from a few steps back.', drawing: 'side' },
  dashboard: {
    label: 'Dashboard, engine running',
    hint: 'With the engine on, so the mileage and any warning lights show.',
    drawing: 'dashboard',
  },
  front_seats: { label: 'Front seats', hint: 'From the open driver’s door, both seats in view.', drawing: 'seats' },
  rear_seats: { label: 'Rear seats', hint: 'From an open rear door, the whole bench.', drawing: 'seats' },
  boot: { label: 'Boot', hint: 'Open, with the floor and the sides showing.', drawing: 'boot' },
  wheel_front_left: wheel('Front left wheel'),
  wheel_front_right: wheel('Front right wheel'),
  wheel_rear_left: wheel('Rear left wheel'),
  wheel_rear_right: wheel('Rear right wheel'),
  service_book: {
    label: 'Service book',
    hint: 'Open at the last stamped service, or a screenshot of the digital record.',
    drawing: 'book',
  },
};

/** The shots the dealer report shows first, labelled: the car all round and its mileage. */
export const mainPhotoShots: readonly PhotoShot[] = [
  'front_three_quarter',
  'rear_three_quarter',
  'left_side',
  'right_side',
  'dashboard',
  'front_seats',
  'boot',
];

/** Words of the guided upload, for the server's refusals and the page alike. */
export const photoShotMessages = {
  unknownShot: `The shot must be one of ${photoShots.join(', ')}.`,
  oneFilePerShot: 'Send one photo for a shot.',
} as const;
