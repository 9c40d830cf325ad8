import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';
import { currentMotStatus, FROM_MOT_HISTORY, type MotStatus } from '~/shared/mot-status';
import { ukDate } from '~/shared/promotion';
import type { MotHistory, MotTest, VehicleInfoResult } from '~/shared/vehicle-info';
import { makeName, modelName } from '~/shared/vehicle-names';
import { useVehicleInfo, vehicleInfoError } from '../api/get-vehicle-info';
import { formatCalendarDate } from '../lib/format-time';
import { titleCase } from '../../lib/valuation-facts';
import { mileageBelowLastMot } from '../lib/mileage-check';
import { defectLook, sortDefects } from '../lib/mot-defects';
import { DetailList, Missing, orMissing, PanelHeading, PanelNote } from './detail-list';
import { MileageWarning } from './mileage-warning';

export const DVLA_FAILURE_TITLE = 'Unable to load vehicle information from DVLA';

/** The DVLA tab: DVLA's live record and DVSA's MOT history, newest test first. */
export function DvlaTab({ registration, mileage }: { registration: string; mileage: number }) {
  const info = useVehicleInfo(registration);
  if (info.isPending) return <LoadingState label="Loading vehicle information..." />;
  if (info.isError) {
    return (
      <PanelNote
        tone="danger"
        title={DVLA_FAILURE_TITLE}
        action={
          <Button variant="outline" size="sm" onClick={() => void info.refetch()} disabled={info.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(info.isFetching && 'animate-spin')} />
            Retry
          </Button>
        }
      >
        {vehicleInfoError(info.error)}
      </PanelNote>
    );
  }
  const { vesData, motHistory } = info.data;
  const below = motHistory ? mileageBelowLastMot(mileage, motHistory.motTests) : undefined;
  return (
    <div className="grid gap-6">
      {below ? <MileageWarning mileage={mileage} reading={below} /> : null}
      <section className="grid gap-2" aria-labelledby="dvla-record">
        <PanelHeading>
          <span id="dvla-record">DVLA vehicle record</span>
        </PanelHeading>
        {vesData ? <VesList data={info.data} /> : <Unavailable text={info.data.vesDataError} />}
      </section>
      <section className="grid gap-3" aria-labelledby="mot-history">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <PanelHeading>
            <span id="mot-history">MOT history</span>
          </PanelHeading>
          {motHistory && motHistory.motTests.length > 0 ? (
            <p className="text-sm text-muted">
              {motHistory.motTests.length} {motHistory.motTests.length === 1 ? 'test' : 'tests'}, newest first
            </p>
          ) : null}
        </div>
        {motHistory ? <MotHistoryList history={motHistory} /> : <Unavailable text={info.data.motHistoryError} />}
      </section>
    </div>
  );
}

function Unavailable({ text }: { text: string | null }) {
  return (
    <p className="rounded-lg border border-line bg-surface p-3.5 text-sm text-muted">{text ?? 'Not available.'}</p>
  );
}

/** A value, and where it came from when DVLA held none: DVSA's MOT history. */
function FromHistory({ mot, children }: { mot: MotStatus; children: ReactNode }) {
  return (
    <>
      {children}
      {mot.fromHistory ? <span className="font-normal text-muted">, {FROM_MOT_HISTORY}</span> : null}
    </>
  );
}

function VesList({ data }: { data: VehicleInfoResult }) {
  const ves = data.vesData!;
  const recall = data.motHistory?.hasOutstandingRecall;
  const mot = currentMotStatus(ves, data.motHistory?.motTests, ukDate(new Date()));
  return (
    <DetailList
      items={[
        { label: 'Make', value: orMissing(ves.make && makeName(ves.make)) },
        { label: 'Model (DVSA)', value: orMissing(data.motHistory?.model && modelName(data.motHistory.model)) },
        { label: 'Colour', value: orMissing(ves.colour && titleCase(ves.colour)) },
        { label: 'Year of manufacture', value: orMissing(ves.yearOfManufacture) },
        { label: 'Fuel type', value: orMissing(ves.fuelType && titleCase(ves.fuelType)) },
        { label: 'Engine capacity', value: orMissing(ves.engineCapacity && `${ves.engineCapacity} cc`) },
        { label: 'Tax status', value: orMissing(ves.taxStatus) },
        { label: 'Tax due', value: orMissing(formatCalendarDate(ves.taxDueDate)) },
        { label: 'MOT status', value: mot ? <FromHistory mot={mot}>{mot.status}</FromHistory> : <Missing /> },
        {
          label: 'MOT expiry',
          value: mot?.expiryDate ? (
            <FromHistory mot={mot}>{formatCalendarDate(mot.expiryDate)}</FromHistory>
          ) : (
            <Missing />
          ),
        },
        { label: 'CO2 emissions', value: orMissing(ves.co2Emissions === null ? null : `${ves.co2Emissions} g/km`) },
        { label: 'Last V5C issued', value: orMissing(formatCalendarDate(ves.dateOfLastV5CIssued)) },
        {
          label: 'Marked for export',
          value: ves.markedForExport === null ? <Missing>Unknown</Missing> : ves.markedForExport ? 'Yes' : 'No',
        },
        { label: 'Outstanding recall', value: orMissing(recall, 'Unknown') },
      ]}
    />
  );
}

function MotHistoryList({ history }: { history: MotHistory }) {
  if (history.motTests.length === 0) {
    const due = formatCalendarDate(history.motTestDueDate);
    return (
      <PanelNote title="No MOT History Available">
        The vehicle may be exempt or too new to need an MOT yet.
        {due ? ` Its first MOT is due by ${due}.` : ''}
      </PanelNote>
    );
  }
  return (
    <ol className="grid gap-3">
      {history.motTests.map((test, index) => (
        <li key={test.motTestNumber ?? index}>
          <MotTestCard test={test} />
        </li>
      ))}
    </ol>
  );
}

function MotTestCard({ test }: { test: MotTest }) {
  const passed = test.testResult.toUpperCase() === 'PASSED';
  const date = test.completedDate ? formatCalendarDate(test.completedDate.slice(0, 10)) : 'Date not recorded';
  const odometer =
    test.odometerValue !== null
      ? `${test.odometerValue.toLocaleString('en-GB')} ${test.odometerUnit === 'km' ? 'km' : 'miles'}`
      : test.odometerResultType === 'NO_ODOMETER'
        ? 'No odometer'
        : 'Not read';
  return (
    <article
      aria-label={`MOT test ${date}: ${passed ? 'passed' : 'failed'}`}
      className={cn('rounded-xl border bg-white p-4', passed ? 'border-line' : 'border-red-200')}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <Badge variant={passed ? 'success' : 'danger'} className="text-[0.8rem]">
          {passed ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          {passed ? 'PASSED' : 'FAILED'}
        </Badge>
        <span className="font-semibold text-brand-950">{date}</span>
        {test.motTestNumber ? <span className="text-sm text-muted">Test {test.motTestNumber}</span> : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-muted">Odometer</dt>
          <dd className="font-semibold text-brand-950">{odometer}</dd>
        </div>
        <div>
          <dt className="text-muted">Expiry</dt>
          <dd className="font-semibold text-brand-950">
            {orMissing(formatCalendarDate(test.expiryDate), passed ? 'Not given' : 'None (failed)')}
          </dd>
        </div>
      </dl>
      {test.defects.length > 0 ? (
        <ul className="mt-3 grid gap-2 border-t border-line pt-3" aria-label="Defects and advisories">
          {sortDefects(test.defects).map((defect, index) => {
            const look = defectLook(defect);
            return (
              <li key={index} className="flex items-start gap-2.5 text-sm">
                <span
                  className={cn(
                    'mt-px inline-flex shrink-0 justify-center whitespace-nowrap sm:w-36 rounded-md border px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase',
                    look.className,
                  )}
                >
                  {look.label}
                </span>
                <span className="text-ink">{defect.text}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 border-t border-line pt-3 text-sm text-muted">No defects or advisories recorded.</p>
      )}
    </article>
  );
}
