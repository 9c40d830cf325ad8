import {
  KeyboardCode,
  KeyboardSensor,
  pointerWithin,
  rectIntersection,
  type ClientRect,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type KeyboardSensorProps,
  type UniqueIdentifier,
} from '@dnd-kit/core';

/**
 * How a card finds its column while it is dragged. With a pointer, the column under the pointer
 * (or, between columns, the one the card overlaps most). With the keyboard, each arrow key jumps
 * to the next drop target in `order` (the columns, then Lost), and the target is the one holding
 * the card's centre: one key press, one column, never 25 pixels at a time.
 */

const inside = (point: { x: number; y: number }, rect: ClientRect) =>
  point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;

/**
 * `keyboardTarget`: the target the arrow keys last chose (null before the first key press). A
 * keyboard drag is over that target whatever the geometry says: the card is drawn there, but
 * measuring where it landed would tie the answer to scroll positions taken at different moments.
 */
export function columnCollision(keyboardTarget: () => UniqueIdentifier | null): CollisionDetection {
  return (args) => {
    if (args.pointerCoordinates) {
      const under = pointerWithin(args);
      return under.length > 0 ? under : rectIntersection(args);
    }
    const { collisionRect, droppableRects, droppableContainers } = args;
    const chosen = keyboardTarget();
    const centre = { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
    return droppableContainers
      .filter((container) => {
        if (chosen !== null) return container.id === chosen;
        const rect = droppableRects.get(container.id);
        return rect !== undefined && inside(centre, rect);
      })
      .map((container) => ({ id: container.id, data: { droppableContainer: container, value: 0 } }));
  };
}

const FORWARD: string[] = [KeyboardCode.Right, KeyboardCode.Down];
const BACKWARD: string[] = [KeyboardCode.Left, KeyboardCode.Up];

/**
 * Right or Down: the next target in `order`; Left or Up: the one before (told to `choose`). The card is placed with its
 * centre near the top of the target (a column's top is on screen even when its cards run on below).
 */
export function columnKeyboardCoordinates(
  order: readonly UniqueIdentifier[],
  choose: (target: UniqueIdentifier) => void,
): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = FORWARD.includes(event.code) ? 1 : BACKWARD.includes(event.code) ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const { collisionRect, droppableRects, over } = context;
    if (!collisionRect) return undefined;
    const current = over ? order.indexOf(over.id) : -1;
    const targets = order.filter((id) => droppableRects.has(id));
    const from = current === -1 ? (step === 1 ? -1 : order.length) : current;
    const next =
      step === 1
        ? order.slice(from + 1).find((id) => targets.includes(id))
        : order
            .slice(0, Math.max(0, from))
            .reverse()
            .find((id) => targets.includes(id));
    const rect = next === undefined ? undefined : droppableRects.get(next);
    if (next === undefined || !rect) return undefined;
    choose(next);
    const centreY = rect.top + Math.min(rect.height / 2, 48);
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: centreY - collisionRect.height / 2,
    };
  };
}

/**
 * The board's collision detection and keyboard coordinates, sharing the target the arrow keys
 * chose; `reset` at each drag's start and end. One per board (created once, outside rendering).
 */
export function createColumnDnd(order: readonly UniqueIdentifier[]) {
  let keyboardTarget: UniqueIdentifier | null = null;
  return {
    collision: columnCollision(() => keyboardTarget),
    keyboardCoordinates: columnKeyboardCoordinates(order, (target) => (keyboardTarget = target)),
    reset: () => {
      keyboardTarget = null;
    },
  };
}

/** The parts of dnd-kit's KeyboardSensor (6.3.1, pinned) that `attach` uses; private in its types. */
type KeyboardSensorInternals = {
  props: KeyboardSensorProps;
  listeners: { add: (name: string, handler: (event: Event) => void) => void };
  windowListeners: { add: (name: string, handler: (event: Event) => void) => void };
  handleStart: () => void;
  handleKeyDown: (event: Event) => void;
  handleCancel: (event: Event) => void;
};

/**
 * dnd-kit's KeyboardSensor, hearing the drag's keys from the moment a card is picked up. dnd-kit
 * starts listening for them in a timer after the pick-up (so the key that picked the card up does
 * not also drop it), but it announces "… Choose a column with the arrow keys" before that timer
 * runs; on a busy machine the browser runs key presses ahead of timers, so an arrow pressed on
 * hearing it could be lost (seen in CI: the card stayed over its own column). This one listens at
 * once and passes over the key that picked the card up. Otherwise dnd-kit's own (its `attach`).
 */
export class PromptKeyboardSensor extends KeyboardSensor {}

Object.defineProperty(PromptKeyboardSensor.prototype, 'attach', {
  value: function attach(this: KeyboardSensorInternals) {
    const pickUp = this.props.event;
    const handleKeyDown = this.handleKeyDown;
    // The same function for the listener and its removal (dnd-kit's detach removes what was added).
    this.handleKeyDown = (event) => {
      if (event !== pickUp) handleKeyDown(event);
    };
    this.handleStart();
    this.windowListeners.add('resize', this.handleCancel);
    this.windowListeners.add('visibilitychange', this.handleCancel);
    this.listeners.add('keydown', this.handleKeyDown);
  },
});
