import { carPanels, damageKindLabels, DIAGRAM_HEIGHT, DIAGRAM_WIDTH, panelGuide } from '~/shared/car-diagram';
import type { DamageMarker } from '~/shared/damage-markers';
import { COLOURS, contentWidth, ensureSpace, FONT, PAGE, sectionHeading, type Doc } from './layout';

/** How wide the drawing is on the page, in points. */
const DRAWING_WIDTH = 150;

/**
 * The seller's damage marks (issue 35): the same car diagram as the seller's page and the back
 * office, drawn with pdfkit's own shapes, the marks numbered, and the list beside it. Nothing when
 * the seller marked none.
 */
export function damageSection(
  doc: Doc,
  markers: readonly Pick<DamageMarker, 'panel' | 'x' | 'y' | 'kind' | 'description'>[],
): void {
  if (markers.length === 0) return;
  const scale = DRAWING_WIDTH / DIAGRAM_WIDTH;
  const drawingHeight = DIAGRAM_HEIGHT * scale;
  ensureSpace(doc, 40 + drawingHeight);
  sectionHeading(doc, `Damage marked by the seller (${markers.length})`);
  const top = doc.y + 4;
  const left = PAGE.margin;

  doc.save();
  doc.translate(left, top).scale(scale);
  for (const panel of carPanels) {
    const shape = panelGuide[panel].shape;
    if (shape.kind === 'circle') doc.circle(shape.cx, shape.cy, shape.r);
    else doc.roundedRect(shape.x, shape.y, shape.width, shape.height, shape.radius);
    doc.lineWidth(1.5).fillAndStroke(COLOURS.zebra, '#94a3b8');
  }
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOURS.muted)
    .text('FRONT', 0, 14, { width: DIAGRAM_WIDTH, align: 'center' });
  markers.forEach((marker, index) => {
    const cx = marker.x * DIAGRAM_WIDTH;
    const cy = marker.y * DIAGRAM_HEIGHT;
    doc.circle(cx, cy, 11).lineWidth(2).fillAndStroke('#f59e0b', '#ffffff');
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOURS.navy)
      .text(String(index + 1), cx - 11, cy - 6, { width: 22, align: 'center', lineBreak: false });
  });
  doc.restore();

  // The list beside the drawing, each line numbered as its mark.
  const listLeft = left + DRAWING_WIDTH + 20;
  const listWidth = contentWidth(doc) - DRAWING_WIDTH - 20;
  let y = top;
  markers.forEach((marker, index) => {
    const what = `${index + 1}. ${damageKindLabels[marker.kind]}, ${panelGuide[marker.panel].label.toLowerCase()}`;
    doc.font(FONT.bold).fontSize(9.5).fillColor(COLOURS.text).text(what, listLeft, y, { width: listWidth });
    y = doc.y;
    if (marker.description) {
      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(COLOURS.muted)
        .text(`“${marker.description}”`, listLeft, y, { width: listWidth });
      y = doc.y;
    }
    y += 5;
  });
  doc.x = left;
  doc.y = Math.max(top + drawingHeight, y) + 10;
}
