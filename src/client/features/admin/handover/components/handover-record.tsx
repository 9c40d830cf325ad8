import type { ReactNode } from 'react';
import type { HandoverRecord } from '~/shared/handover';
import { formatUkDateAndTime } from '../../lib/format-date';

const yesNo = (answer: boolean | null) => (answer === null ? 'Not recorded' : answer ? 'Yes' : 'No');

/** What was recorded at the door, as a description list. */
export function HandoverRecordList({ record }: { record: HandoverRecord }) {
  const asDeclared = record.condition === 'as_declared';
  return (
    <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-base">
      <Row term="The car">{asDeclared ? 'As declared' : 'Not as declared'}</Row>
      {asDeclared ? (
        <>
          <Row term="Mileage read">
            {record.mileage === null ? 'Not recorded' : `${record.mileage.toLocaleString('en-GB')} miles`}
          </Row>
          <Row term="Keys handed over">{record.keys ?? 'Not recorded'}</Row>
          <Row term="V5C handed over">{yesNo(record.v5cHandedOver)}</Row>
          <Row term="Seller is the keeper">{yesNo(record.sellerIsKeeper)}</Row>
        </>
      ) : null}
      {record.notes ? (
        <Row term={asDeclared ? 'Note' : 'What differs'}>
          <span className="whitespace-pre-line">{record.notes}</span>
        </Row>
      ) : null}
      <Row term="Recorded">
        <time dateTime={record.recordedAt}>{formatUkDateAndTime(record.recordedAt)}</time>
        {record.recordedBy ? ` by ${record.recordedBy}` : ''}
      </Row>
    </dl>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm leading-6 text-muted">{term}</dt>
      <dd className="min-w-0 leading-6 break-words text-ink">{children}</dd>
    </>
  );
}
