/**
 * The car diagram damage is marked on (issue 35; SPEC section 3's damage marker): the car from
 * above, front at the top, with its two sides folded out left and right and the wheels beyond
 * them. One drawing for the seller's page, the back office and the dealer report (pdfkit draws the
 * same shapes), so a marker sits on the same panel everywhere. Zod-free, shared by all three.
 *
 * Coordinates are in the drawing's own units (DIAGRAM_WIDTH × DIAGRAM_HEIGHT); a marker keeps its
 * place as fractions of those (0 to 1), so any size of drawing shows it in the same spot.
 */

export const DIAGRAM_WIDTH = 320;
export const DIAGRAM_HEIGHT = 440;

export const carPanels = [
  'front_bumper',
  'bonnet',
  'windscreen',
  'roof',
  'rear_window',
  'boot_lid',
  'rear_bumper',
  'left_front_wing',
  'left_front_door',
  'left_rear_door',
  'left_rear_wing',
  'right_front_wing',
  'right_front_door',
  'right_rear_door',
  'right_rear_wing',
  'wheel_front_left',
  'wheel_front_right',
  'wheel_rear_left',
  'wheel_rear_right',
] as const;
export type CarPanel = (typeof carPanels)[number];

export type PanelShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number }
  | { kind: 'circle'; cx: number; cy: number; r: number };

const rect = (x: number, y: number, width: number, height: number, radius = 4): PanelShape => ({
  kind: 'rect',
  x,
  y,
  width,
  height,
  radius,
});
const wheel = (cx: number, cy: number): PanelShape => ({ kind: 'circle', cx, cy, r: 16 });

/** Each panel: its name for people, and its shape on the drawing. */
export const panelGuide: Record<CarPanel, { label: string; shape: PanelShape }> = {
  front_bumper: { label: 'Front bumper', shape: rect(110, 40, 100, 22, 10) },
  bonnet: { label: 'Bonnet', shape: rect(110, 64, 100, 78) },
  windscreen: { label: 'Windscreen', shape: rect(116, 144, 88, 30, 6) },
  roof: { label: 'Roof', shape: rect(116, 176, 88, 110) },
  rear_window: { label: 'Rear window', shape: rect(116, 288, 88, 24, 6) },
  boot_lid: { label: 'Boot lid', shape: rect(110, 314, 100, 64) },
  rear_bumper: { label: 'Rear bumper', shape: rect(110, 380, 100, 22, 10) },
  left_front_wing: { label: 'Left front wing', shape: rect(56, 64, 44, 78) },
  left_front_door: { label: 'Left front door', shape: rect(56, 144, 44, 82) },
  left_rear_door: { label: 'Left rear door', shape: rect(56, 228, 44, 84) },
  left_rear_wing: { label: 'Left rear wing', shape: rect(56, 314, 44, 64) },
  right_front_wing: { label: 'Right front wing', shape: rect(220, 64, 44, 78) },
  right_front_door: { label: 'Right front door', shape: rect(220, 144, 44, 82) },
  right_rear_door: { label: 'Right rear door', shape: rect(220, 228, 44, 84) },
  right_rear_wing: { label: 'Right rear wing', shape: rect(220, 314, 44, 64) },
  wheel_front_left: { label: 'Front left wheel', shape: wheel(30, 103) },
  wheel_front_right: { label: 'Front right wheel', shape: wheel(290, 103) },
  wheel_rear_left: { label: 'Rear left wheel', shape: wheel(30, 346) },
  wheel_rear_right: { label: 'Rear right wheel', shape: wheel(290, 346) },
};

/** The middle of a panel, as fractions of the drawing: where a marker placed from the list sits. */
export function panelCentre(panel: CarPanel): { x: number; y: number } {
  const shape = panelGuide[panel].shape;
  const [cx, cy] =
    shape.kind === 'circle' ? [shape.cx, shape.cy] : [shape.x + shape.width / 2, shape.y + shape.height / 2];
  return { x: round(cx / DIAGRAM_WIDTH), y: round(cy / DIAGRAM_HEIGHT) };
}

/** The panel under a point given as fractions of the drawing, if any (a tap between panels is none). */
export function panelAt(x: number, y: number): CarPanel | undefined {
  const px = x * DIAGRAM_WIDTH;
  const py = y * DIAGRAM_HEIGHT;
  return carPanels.find((panel) => {
    const shape = panelGuide[panel].shape;
    if (shape.kind === 'circle') return (px - shape.cx) ** 2 + (py - shape.cy) ** 2 <= shape.r ** 2;
    return px >= shape.x && px <= shape.x + shape.width && py >= shape.y && py <= shape.y + shape.height;
  });
}

/** A marker's place is kept to four decimals: finer than a tap, and the same number everywhere. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;
export const roundPlace = round;

export const damageKinds = ['wheel', 'windscreen', 'dent', 'scratch', 'other'] as const;
export type DamageKind = (typeof damageKinds)[number];

export const damageKindLabels: Record<DamageKind, string> = {
  wheel: 'Wheel damage',
  windscreen: 'Windscreen chip or crack',
  dent: 'Dent',
  scratch: 'Scratch or scuff',
  other: 'Other',
};

export const DAMAGE_MARKERS_MAX = 30;
export const DAMAGE_DESCRIPTION_MAX_LENGTH = 300;

export const damageMessages = {
  unknownPanel: `The panel must be one of ${carPanels.join(', ')}.`,
  unknownKind: `The kind of damage must be one of ${damageKinds.join(', ')}.`,
  place: 'The place must be a fraction of the drawing, from 0 to 1.',
  offPanel: 'That place is not on the panel chosen.',
  descriptionTooLong: `Describe it in at most ${DAMAGE_DESCRIPTION_MAX_LENGTH} characters.`,
  tooMany: `A request can have at most ${DAMAGE_MARKERS_MAX} damage markers.`,
  notYourPhoto: 'That photo is not one of the photos with your request.',
  markerNotFound: 'Damage marker not found.',
  locked: 'The damage can be changed only until you accept an offer. To tell us more, send us a message.',
  added: 'Damage marked.',
  changed: 'Damage marker changed.',
  removed: 'Damage marker removed.',
} as const;
