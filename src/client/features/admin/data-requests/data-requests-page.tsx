import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import type { RouteHandle } from '~/client/lib/page-meta';
import {
  dataRequestMessages as m,
  type DataRequestErasure,
  type DataRequestSearchInput,
  type DataRequestSearchResult,
} from '~/shared/data-requests';
import { ApiError } from '~/client/lib/api-client';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useErasePerson } from './api/erase-person';
import { useExportPerson } from './api/export-person';
import { useSearchPerson } from './api/search-person';
import { EraseDialog } from './components/erase-dialog';
import { ErasureSummary } from './components/erasure-summary';
import { Guidance } from './components/guidance';
import { RequestLog } from './components/request-log';
import { SearchForm, type IdentifierKind } from './components/search-form';
import { SearchResults } from './components/search-results';
import { displayIdentifier } from './lib/labels';

export const handle: RouteHandle = { meta: { title: 'Data requests', noindex: true } };

/** The last search: what was sent (erasure repeats it) and what came back. */
type Found = { kind: IdentifierKind; input: DataRequestSearchInput; typed: string; result: DataRequestSearchResult };

/** A refusal's message for a field of the form, if the server named one. */
function fieldMessage(error: unknown, fields: string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body?.issues?.find((issue) => fields.includes(issue.path))?.message;
}

/**
 * Takes keyboard and screen-reader users to what just appeared below the form, scrolled clear of
 * the sticky back-office bar (the element's scroll-margin).
 */
function revealSoon(element: { current: HTMLElement | null }) {
  requestAnimationFrame(() => {
    const target = element.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  });
}

function readLogPage(search: URLSearchParams): number {
  const page = Number(search.get('logPage'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * /admin/data-requests (issue 18): a person's rights in one screen. Find everything held about them
 * by e-mail address or phone number, export it as a ZIP (a subject access request, UK GDPR Art 15)
 * or erase it (Art 17) after typing the identifier again; below, the log of what was done. The
 * identifier never goes in the address: only the log's page does.
 */
export function Component() {
  const [search] = useSearchParams();
  const logPage = readLogPage(search);
  const searching = useSearchPerson();
  const exporting = useExportPerson();
  const erasing = useErasePerson();
  const [found, setFound] = useState<Found | null>(null);
  const [erased, setErased] = useState<{ erasure: DataRequestErasure; who: string; kind: IdentifierKind } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const results = useRef<HTMLDivElement>(null);

  const onSearch = (kind: IdentifierKind, input: DataRequestSearchInput) => {
    setErased(null);
    searching.mutate(input, {
      onSuccess: (result) => {
        setFound({ kind, input, typed: (input.email ?? input.phone ?? '').trim(), result });
        revealSoon(results);
      },
      onError: (error) => {
        setFound(null);
        if (!fieldMessage(error, ['email', 'phone'])) {
          toast({
            title: m.searchFailed,
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        }
      },
    });
  };

  const onExport = () => {
    if (!found) return;
    exporting.mutate(found.input, {
      onSuccess: ({ fileName }) => toast({ title: m.exportDone, description: fileName }),
      onError: (error) =>
        toast({ title: m.exportFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  const onErase = (confirm: string) => {
    if (!found) return;
    erasing.mutate(
      { ...found.input, confirm },
      {
        onSuccess: (erasure) => {
          toast({ title: m.eraseDone });
          setConfirming(false);
          setErased({ erasure, who: displayIdentifier(found.result.identifier), kind: found.kind });
          setFound(null);
          revealSoon(results);
        },
        onError: (error) => {
          if (!fieldMessage(error, ['confirm'])) {
            toast({
              title: m.eraseFailed,
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Data requests"
        description="When someone asks to see or erase their data: find everything held about them, export it for them as a ZIP, or erase it."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* First for screen readers and on a phone; beside the tools from laptop width. */}
        <aside aria-label="Guidance" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <Guidance />
        </aside>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <Card className="p-4 sm:p-5">
            <h2 className="mb-4 text-lg leading-7 font-bold text-brand-950">Find a person’s data</h2>
            <SearchForm
              pending={searching.isPending}
              serverError={fieldMessage(searching.error, ['email', 'phone'])}
              onSearch={onSearch}
            />
          </Card>
          <div
            ref={results}
            tabIndex={-1}
            className="grid scroll-mt-32 gap-6 focus-visible:outline-none 2xl:scroll-mt-24"
          >
            {erased ? <ErasureSummary erasure={erased.erasure} who={erased.who} kind={erased.kind} /> : null}
            {found ? (
              <SearchResults
                result={found.result}
                exporting={exporting.isPending}
                onExport={onExport}
                onErase={() => {
                  erasing.reset();
                  setConfirming(true);
                }}
                eraseButtonRef={eraseButton}
              />
            ) : null}
          </div>
        </div>
      </div>
      <div className="mt-6">
        <RequestLog
          page={logPage}
          hrefFor={(page) => {
            const next = new URLSearchParams(search);
            if (page > 1) next.set('logPage', String(page));
            else next.delete('logPage');
            return `?${next.toString()}`;
          }}
        />
      </div>
      {found ? (
        <EraseDialog
          open={confirming}
          result={found.result}
          searched={found.input}
          typed={found.typed}
          pending={erasing.isPending}
          serverError={fieldMessage(erasing.error, ['confirm'])}
          onConfirm={onErase}
          onOpenChange={setConfirming}
          finalFocus={eraseButton}
        />
      ) : null}
    </>
  );
}
