import { ListPager } from '../../components/list-pager';

/** The outbox's pager: "Page 2 of 5 · 120 messages", Previous and Next as real links. */
export function MessagesPager({
  total,
  ...props
}: {
  page: number;
  pageCount: number;
  total: number;
  /** The address (search part) of another page. */
  hrefFor: (page: number) => string;
}) {
  return (
    <ListPager
      {...props}
      label="Pages of messages"
      count={`${total.toLocaleString('en-GB')} ${total === 1 ? 'message' : 'messages'}`}
    />
  );
}
