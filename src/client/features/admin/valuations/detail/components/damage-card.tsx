import { CarDiagram } from '~/client/components/car-diagram';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { damageKindLabels, panelGuide } from '~/shared/car-diagram';
import { photoShotGuide } from '~/shared/photo-shots';
import { photoUrl } from './photos-tab';

/**
 * The damage the seller marked on the car diagram (issue 35): the same drawing they used, with the
 * marks numbered, and the list beside it (what, where, their words, the close-up they chose).
 */
export function DamageCard({ valuation }: { valuation: ValuationDetail }) {
  const markers = valuation.damageMarkers;
  const photoName = (photoId: string) => {
    const photo = valuation.photos.find((p) => p.id === photoId);
    const index = valuation.photos.findIndex((p) => p.id === photoId);
    return photo?.shot ? photoShotGuide[photo.shot].label : `Photo ${index + 1}`;
  };
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>Damage marked by the seller</CardTitle>
        <CardDescription>
          {markers.length === 0
            ? `${valuation.firstName} has not marked any damage.`
            : `${markers.length} ${markers.length === 1 ? 'mark' : 'marks'}, numbered in the order ${valuation.firstName} made them.`}
        </CardDescription>
      </CardHeader>
      {markers.length > 0 ? (
        <CardContent className="grid gap-5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <CarDiagram
            markers={markers}
            label={`Drawing of the car with ${markers.length} damage marks, numbered as in the list`}
            className="mx-auto max-w-56"
          />
          <ol aria-label="Damage marks" className="grid content-start gap-2">
            {markers.map((marker, index) => (
              <li key={marker.id} className="flex gap-3 rounded-lg border border-line px-3 py-2">
                <span
                  aria-hidden="true"
                  className="grid size-6 shrink-0 place-items-center rounded-full bg-amber-500 text-xs font-bold text-brand-950"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-brand-950">
                    <span className="sr-only">{index + 1}. </span>
                    {damageKindLabels[marker.kind]}, {panelGuide[marker.panel].label.toLowerCase()}
                  </p>
                  {marker.description ? <p className="text-ink">“{marker.description}”</p> : null}
                  {marker.photoId ? (
                    <a
                      href={photoUrl(valuation.id, marker.photoId, 'full')}
                      target="_blank"
                      rel="noreferrer"
                      className="font-semibold text-brand-700 underline underline-offset-2"
                    >
                      Close-up: {photoName(marker.photoId)}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      ) : null}
    </Card>
  );
}
