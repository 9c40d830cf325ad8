import { ListPager } from '../../components/list-pager';

/** "1,000+" when the server stopped counting (totalCapped), the exact number otherwise. */
export function formatTotal(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-GB')}${capped ? '+' : ''}`;
}

/** The pager of a valuation list, saying "1,000+ valuations" once the server stops counting. */
export function ValuationsPager({
  total,
  totalCapped,
  ...props
}: {
  label: string;
  page: number;
  pageCount: number;
  total: number;
  totalCapped: boolean;
  hrefFor: (page: number) => string;
}) {
  return (
    <ListPager
      {...props}
      morePages={totalCapped}
      count={`${formatTotal(total, totalCapped)} ${total === 1 && !totalCapped ? 'valuation' : 'valuations'}`}
    />
  );
}
