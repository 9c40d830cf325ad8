import type { MouseEvent } from 'react';
import { cx } from '~/client/lib/cx';
import {
  carPanels,
  DIAGRAM_HEIGHT,
  DIAGRAM_WIDTH,
  panelAt,
  panelGuide,
  roundPlace,
  type CarPanel,
} from '~/shared/car-diagram';

export type DiagramMarker = { id: string; x: number; y: number };
export type DiagramPick = { panel: CarPanel; x: number; y: number };

/**
 * The car diagram (src/shared/car-diagram.ts): the car from above, front at the top, sides folded
 * out, wheels beyond them, with the markers numbered 1, 2, … in the order given. With `onPick`, a
 * tap or click on a panel reports the panel and the point (as fractions of the drawing); a tap
 * between panels reports nothing. The drawing is for pointers: the list beside it is the keyboard
 * and screen-reader way to the same markers, so here it is one labelled image.
 */
export function CarDiagram({
  markers,
  selectedId,
  onPick,
  label,
  className,
}: {
  markers: readonly DiagramMarker[];
  selectedId?: string | null;
  onPick?: (pick: DiagramPick) => void;
  label: string;
  className?: string;
}) {
  function pick(event: MouseEvent<SVGSVGElement>) {
    if (!onPick) return;
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = roundPlace(point.x / DIAGRAM_WIDTH);
    const y = roundPlace(point.y / DIAGRAM_HEIGHT);
    const panel = panelAt(x, y);
    if (panel) onPick({ panel, x, y });
  }

  return (
    <svg
      viewBox={`0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}`}
      role="img"
      aria-label={label}
      onClick={pick}
      className={cx('h-auto w-full touch-manipulation select-none', onPick && 'cursor-crosshair', className)}
    >
      <text x={DIAGRAM_WIDTH / 2} y={24} textAnchor="middle" className="fill-slate-500 text-[11px] font-bold">
        FRONT
      </text>
      <path d={`M${DIAGRAM_WIDTH / 2 - 6} 32 l6 -5 l6 5`} className="fill-none stroke-slate-400" strokeWidth={1.5} />
      <text x={78} y={DIAGRAM_HEIGHT - 12} textAnchor="middle" className="fill-slate-500 text-[10px] font-semibold">
        LEFT SIDE
      </text>
      <text x={242} y={DIAGRAM_HEIGHT - 12} textAnchor="middle" className="fill-slate-500 text-[10px] font-semibold">
        RIGHT SIDE
      </text>
      {carPanels.map((panel) => {
        const { shape, label: name } = panelGuide[panel];
        const common = {
          className: cx('fill-slate-50 stroke-slate-400', onPick && 'hover:fill-brand-50'),
          strokeWidth: 1.5,
        };
        return shape.kind === 'circle' ? (
          <g key={panel}>
            <title>{name}</title>
            <circle cx={shape.cx} cy={shape.cy} r={shape.r} {...common} />
            <circle cx={shape.cx} cy={shape.cy} r={shape.r * 0.45} className="fill-none stroke-slate-300" />
          </g>
        ) : (
          <g key={panel}>
            <title>{name}</title>
            <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={shape.radius} {...common} />
          </g>
        );
      })}
      {markers.map((marker, index) => {
        const selected = marker.id === selectedId;
        return (
          <g key={marker.id} className="pointer-events-none">
            <circle
              cx={marker.x * DIAGRAM_WIDTH}
              cy={marker.y * DIAGRAM_HEIGHT}
              r={selected ? 12 : 10}
              className={selected ? 'fill-brand-700 stroke-amber-300' : 'fill-amber-500 stroke-white'}
              strokeWidth={selected ? 3 : 2}
            />
            <text
              x={marker.x * DIAGRAM_WIDTH}
              y={marker.y * DIAGRAM_HEIGHT + 4}
              textAnchor="middle"
              className={cx('text-[11px] font-bold', selected ? 'fill-white' : 'fill-brand-950')}
            >
              {index + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
